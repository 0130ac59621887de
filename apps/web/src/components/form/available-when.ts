/**
 * A SelectField's empty choice and state when it applies only once something else is chosen:
 * until then it is disabled and its empty choice says why (`unavailableLabel`).
 */
export const availableWhen = (
  isAvailable: boolean,
  emptyLabel: string,
  unavailableLabel: string,
) => ({
  emptyLabel: isAvailable ? emptyLabel : unavailableLabel,
  isDisabled: !isAvailable,
});
