/**
 * The spec spells a switched-on setting 'enable' (maintenance: "enable means on"); older rows and
 * hand edits say 'enabled'. Anything else is off.
 */
export function isSettingOn(value: string | null | undefined): boolean {
  const normalised = value?.trim().toLowerCase();
  return normalised === 'enable' || normalised === 'enabled';
}
