/** The five deployments of spec §1; the page host decides which one this is. */
export type EnvironmentName = 'local' | 'qa1' | 'qa2' | 'uat' | 'production';

export interface Environment {
  name: EnvironmentName;
  displayName: string;
  /** Base of every API call. The server serves the app, so it is always same-origin. */
  apiBaseUrl: string;
}

type EnvironmentVariables = Partial<Record<string, string>>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

const DISPLAY_NAMES = {
  local: 'Local',
  qa1: 'QA 1',
  qa2: 'QA 2',
  uat: 'UAT',
  production: 'Production',
} as const satisfies Record<EnvironmentName, string>;

const HOST_VARIABLES = {
  qa1: 'VITE_QA1_HOST',
  qa2: 'VITE_QA2_HOST',
  uat: 'VITE_UAT_HOST',
  production: 'VITE_PRODUCTION_HOST',
} as const satisfies Record<Exclude<EnvironmentName, 'local'>, string>;

/** A host variable may list several names (e.g. with and without "www"), comma-separated. */
function hostsOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

function nameForHost(hostname: string, variables: EnvironmentVariables): EnvironmentName {
  const host = hostname.toLowerCase();
  if (LOCAL_HOSTS.has(host)) return 'local';
  for (const [name, variable] of Object.entries(HOST_VARIABLES) as [
    keyof typeof HOST_VARIABLES,
    string,
  ][]) {
    if (hostsOf(variables[variable]).includes(host)) return name;
  }
  // An unknown host is treated as production: never show a test badge to real customers' staff.
  return 'production';
}

export function resolveEnvironment(
  hostname: string,
  variables: EnvironmentVariables = import.meta.env,
): Environment {
  const name = nameForHost(hostname, variables);
  return {
    name,
    displayName: DISPLAY_NAMES[name],
    apiBaseUrl: '',
  };
}

export const environment: Environment = resolveEnvironment(window.location.hostname);
