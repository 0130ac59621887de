import type { AnswerData } from '@bastion/domain/api/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AttachmentCategory,
  AttachmentDownloadLink,
  AttachmentRecord,
  QuoteAttachments,
  ZDeleteAttachmentResponse,
} from '@bastion/domain/attachments/schemas';
import { attachmentProblem } from '@bastion/domain/validation/attachments';
import {
  ApiError,
  apiPost,
  apiPostForFile,
  apiPostForm,
  saveDownloadedFile,
} from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* A quote's attachments (issue 17; spec §7 upload-attachments, download-file). */

const UPLOAD_PATH = '/api/document/upload-file/upload-attachments';

export const attachmentKeys = {
  ofQuote: (quoteId: string) => ['quote-attachments', quoteId] as const,
};

export function useQuoteAttachments(quoteId: string) {
  return usePostQuery<QuoteAttachments>(
    attachmentKeys.ofQuote(quoteId),
    '/api/dx/quote-attachments',
    { quote_id: quoteId },
  );
}

function useRefreshList(quoteId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: attachmentKeys.ofQuote(quoteId) });
}

/** The file to upload and its category (sent as multipart, the category in the path). */
export interface UploadAttachmentArgs {
  file: File;
  category: AttachmentCategory;
}

/**
 * Uploads one file (multipart, field `file`). A file beyond the limit is refused here with the
 * server's own message, without sending it.
 */
export function useUploadAttachment(quoteId: string) {
  const refresh = useRefreshList(quoteId);
  return useMutation({
    mutationFn: ({ file, category }: UploadAttachmentArgs) => {
      const problem = attachmentProblem(file.size);
      if (problem) return Promise.reject(new ApiError(413, problem));
      const form = new FormData();
      form.append('file', file, file.name);
      return apiPostForm<AttachmentRecord>(`${UPLOAD_PATH}/quote/${quoteId}/${category}/ref`, form);
    },
    onSuccess: refresh,
  });
}

/** Downloads a file: the body is its record (spec §7), the file is saved under its name. */
export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async (record: AttachmentRecord) =>
      saveDownloadedFile(
        await apiPostForFile(`/api/document/download-file/${record.id}`, record, record.file_name),
      ),
  });
}

/** A 40-second link to a file (spec §9), for whoever it is given to. */
export function useCreateDownloadLink(quoteId: string) {
  return useMutation({
    mutationFn: (attachmentId: string) =>
      apiPost<AttachmentDownloadLink>('/api/dx/attachment-download-link', {
        quote_id: quoteId,
        attachment_id: attachmentId,
      }),
  });
}

export function useDeleteAttachment(quoteId: string) {
  const refresh = useRefreshList(quoteId);
  return useMutation({
    mutationFn: (attachmentId: string) =>
      apiPost<AnswerData<typeof ZDeleteAttachmentResponse>>('/api/dx/delete-attachment', {
        quote_id: quoteId,
        attachment_id: attachmentId,
      }),
    onSuccess: refresh,
  });
}
