/**
 * What a modal that sends one request shows of it: whether it is under way, why it was refused,
 * and a close that forgets the refusal (the next opening starts clean).
 */
export function requestModalProps(
  request: { isPending: boolean; error: Error | null; reset: () => void },
  onHide: () => void,
) {
  return {
    isPending: request.isPending,
    error: request.error?.message ?? null,
    onHide: () => {
      request.reset();
      onHide();
    },
  };
}

/** What a modal that sends one request is given: requestModalProps' answer and the sending. */
export type RequestModalProps = ReturnType<typeof requestModalProps> & {
  onConfirm: (comment: string) => void;
};

/** What such a modal tells its screen: it was closed, or what was done. */
export interface RequestModalOutcome<TDone> {
  onHide: () => void;
  onDone: (done: TDone) => void;
}
