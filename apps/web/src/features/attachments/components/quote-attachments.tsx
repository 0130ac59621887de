import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { ATTACHMENT_ACCEPT, extensionOf } from '@bastion/domain/attachments/file-kinds';
import {
  ATTACHMENT_CATEGORIES,
  type AttachmentCategory,
  type AttachmentRecord,
  type QuoteAttachments as QuoteAttachmentList,
} from '@bastion/domain/attachments/schemas';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { attachmentProblem } from '@bastion/domain/validation/attachments';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import {
  useCreateDownloadLink,
  useDeleteAttachment,
  useDownloadAttachment,
  useQuoteAttachments,
  useUploadAttachment,
} from '../api/attachments.ts';

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const uploadedOn = (iso: string) => formatDateTime(Date.parse(iso) / 1000, userTimeZone);
const categoryLabel = (category: string) =>
  ATTACHMENT_CATEGORIES[category as AttachmentCategory] ?? category;
const categoryEntries = Object.entries(ATTACHMENT_CATEGORIES) as [AttachmentCategory, string][];
const ICONS: Readonly<Record<string, string>> = {
  pdf: 'bi-file-earmark-pdf',
  doc: 'bi-file-earmark-word',
  docx: 'bi-file-earmark-word',
  xls: 'bi-file-earmark-excel',
  xlsx: 'bi-file-earmark-excel',
  csv: 'bi-file-earmark-spreadsheet',
  ppt: 'bi-file-earmark-ppt',
  pptx: 'bi-file-earmark-ppt',
  eml: 'bi-envelope',
  msg: 'bi-envelope',
  txt: 'bi-file-earmark-text',
};
const iconOf = (fileName: string) =>
  ICONS[extensionOf(fileName)] ??
  (/^(png|jpe?g|gif|webp|tiff?|heic)$/.test(extensionOf(fileName))
    ? 'bi-file-earmark-image'
    : 'bi-file-earmark');
/** '12 KB' below a megabyte, else '10.5 MB' ('100 MB', not '100.0 MB'). */
const amountOf = (kb: number) =>
  kb < 1024 ? `${kb} KB` : `${(kb / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

/**
 * A quote's attached files (issue 17): the list, with download, a 40-second link and delete,
 * and the upload of a new one with its category.
 */
export function QuoteAttachments({ quoteId }: { quoteId: string }) {
  const list = useQuoteAttachments(quoteId);
  return (
    <Card as="section" className="mb-3 quote-attachments" aria-labelledby="quote-attachments-title">
      <Card.Header className="d-flex justify-content-between align-items-center">
        <h2 id="quote-attachments-title" className="h6 mb-0">
          <i className="bi bi-paperclip me-1" aria-hidden="true" />
          Attachments
        </h2>
        {list.data ? <Usage data={list.data} /> : null}
      </Card.Header>
      <Card.Body>
        <SectionLoadState query={list} what="the attachments">
          {(data) => (
            <>
              <AttachmentList
                quoteId={quoteId}
                attachments={data.attachments}
                canUpload={data.can_upload}
              />
              {data.can_upload ? <UploadForm quoteId={quoteId} data={data} /> : null}
            </>
          )}
        </SectionLoadState>
      </Card.Body>
    </Card>
  );
}

function Usage({ data }: { data: QuoteAttachmentList }) {
  const totalKb = data.attachments.reduce((sum, a) => sum + a.size_kb, 0);
  return (
    <span className="small text-body-secondary">
      {data.attachments.length} of {data.limits.max_files} files · {amountOf(totalKb)} of{' '}
      {amountOf(data.limits.max_total_kb)}
    </span>
  );
}

function AttachmentList({
  quoteId,
  attachments,
  canUpload,
}: {
  quoteId: string;
  attachments: AttachmentRecord[];
  canUpload: boolean;
}) {
  const download = useDownloadAttachment();
  const link = useCreateDownloadLink(quoteId);
  const remove = useDeleteAttachment(quoteId);
  const [copied, setCopied] = useState<{
    url: string;
    fileName: string;
    isCopied: boolean;
  } | null>(null);

  if (attachments.length === 0) {
    return (
      <p className="text-body-secondary">
        {canUpload
          ? "No files yet. Attach the signed purchase order, the customer's requirements or a partner's letter."
          : 'No files are attached to this quote.'}
      </p>
    );
  }

  async function copyLink(record: AttachmentRecord) {
    const created = await link.mutateAsync(record.id);
    let isCopied = true;
    try {
      await navigator.clipboard.writeText(created.url);
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is shown to copy by hand.
      isCopied = false;
    }
    setCopied({ url: created.url, fileName: record.file_name, isCopied });
  }

  const failure = download.error ?? link.error ?? remove.error;
  return (
    <>
      {failure ? (
        <Alert variant="danger" role="alert">
          {failure.message}
        </Alert>
      ) : null}
      {copied ? (
        <Alert variant="info" dismissible onClose={() => setCopied(null)} role="status">
          {copied.isCopied
            ? `Link to ${copied.fileName} copied. `
            : `Copy this link to ${copied.fileName}: `}
          It expires in 40 seconds.
          <Form.Control
            size="sm"
            readOnly
            className="mt-2"
            aria-label="Download link"
            value={copied.url}
            onFocus={(event) => event.currentTarget.select()}
          />
        </Alert>
      ) : null}
      <ListGroup as="ul" variant="flush" className="mb-3" aria-label="Attached files">
        {attachments.map((record) => (
          <ListGroup.Item as="li" key={record.id} className="d-flex gap-2 align-items-start px-0">
            <i
              className={`bi ${iconOf(record.file_name)} fs-4 text-body-secondary`}
              aria-hidden="true"
            />
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <div className="fw-semibold text-break">{record.file_name}</div>
              <div className="small text-body-secondary">
                {categoryLabel(record.category)} · {record.size_kb} KB ·{' '}
                {extensionOf(record.file_name).toUpperCase()}
              </div>
              <div className="small text-body-secondary">
                Uploaded by {record.uploaded_by} on {uploadedOn(record.uploaded_on)}
              </div>
            </div>
            <div className="d-flex gap-1 flex-shrink-0">
              <Button
                size="sm"
                variant="outline-primary"
                aria-label={`Download ${record.file_name}`}
                title="Download"
                disabled={download.isPending}
                onClick={() => download.mutate(record)}
              >
                <i className="bi bi-download" aria-hidden="true" />
              </Button>
              <Button
                size="sm"
                variant="outline-secondary"
                aria-label={`Copy a 40-second link to ${record.file_name}`}
                title="Copy a link valid for 40 seconds"
                disabled={link.isPending}
                onClick={() => void copyLink(record).catch(() => undefined)}
              >
                <i className="bi bi-link-45deg" aria-hidden="true" />
              </Button>
              {record.can_delete ? (
                <ConfirmButton
                  size="sm"
                  label={`Delete ${record.file_name}`}
                  question={`Delete ${record.file_name}?`}
                  confirmText="Delete"
                  isPending={remove.isPending}
                  onConfirm={() => remove.mutate(record.id)}
                />
              ) : null}
            </div>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </>
  );
}

function UploadForm({ quoteId, data }: { quoteId: string; data: QuoteAttachmentList }) {
  const upload = useUploadAttachment(quoteId);
  const [category, setCategory] = useState<AttachmentCategory>('attachment');
  const [file, setFile] = useState<File | null>(null);
  // Said as soon as the file is chosen, in the server's words, and never sent.
  const [sizeProblem, setSizeProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const isFull = data.attachments.length >= data.limits.max_files;

  function send() {
    if (!file) return;
    upload.mutate(
      { file, category },
      {
        onSuccess: () => {
          setFile(null);
          if (input.current) input.current.value = '';
        },
      },
    );
  }

  return (
    <Form
      className="border-top pt-3"
      aria-label="Attach a file"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {sizeProblem ? (
        <Alert variant="danger" role="alert">
          {sizeProblem}
        </Alert>
      ) : null}
      {upload.isError ? (
        <Alert variant="danger" role="alert" dismissible onClose={() => upload.reset()}>
          {upload.error.message}
        </Alert>
      ) : null}
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={`attachment-category-${quoteId}`}>
          <Form.Label className="small mb-1">Category</Form.Label>
          <Form.Select
            size="sm"
            value={category}
            onChange={(event) => setCategory(event.target.value as AttachmentCategory)}
          >
            {categoryEntries.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={`attachment-file-${quoteId}`} className="flex-grow-1">
          <Form.Label className="small mb-1">File</Form.Label>
          <Form.Control
            ref={input}
            size="sm"
            type="file"
            accept={ATTACHMENT_ACCEPT}
            onChange={(event) => {
              upload.reset();
              const chosen = (event.target as HTMLInputElement).files?.[0] ?? null;
              setFile(chosen);
              setSizeProblem(chosen ? attachmentProblem(chosen.size) : null);
            }}
          />
        </Form.Group>
        <Button
          type="submit"
          size="sm"
          disabled={!file || sizeProblem !== null || upload.isPending || isFull}
        >
          {upload.isPending ? (
            <>
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
              Uploading…
            </>
          ) : (
            <>
              <i className="bi bi-upload me-1" aria-hidden="true" />
              Upload
            </>
          )}
        </Button>
      </div>
      <Form.Text>
        {isFull
          ? `This quote has ${data.limits.max_files} files, the most it can take: delete one to attach another.`
          : `PDF, Office documents, images, text, CSV or e-mail; up to ${data.limits.max_file_kb} KB a file.`}
      </Form.Text>
    </Form>
  );
}
