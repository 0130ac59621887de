/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Root package version plus BUILD_ID, defined in vite.config.ts; matches dist/meta.json. */
  readonly VITE_APP_VERSION: string;
  readonly VITE_QA1_HOST?: string;
  readonly VITE_QA2_HOST?: string;
  readonly VITE_UAT_HOST?: string;
  readonly VITE_PRODUCTION_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
