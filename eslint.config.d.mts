// Types for what the architecture tests read from eslint.config.mjs.
export declare const MAIN_LAYERS: {
  readonly base: readonly string[];
  readonly features: readonly string[];
  readonly app: readonly string[];
};
declare const config: unknown;
export default config;
