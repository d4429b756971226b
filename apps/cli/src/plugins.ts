import { type LoadedProject, loadProject } from "@rulebook/config";
import { BUNDLED_PROVIDERS } from "./bundled-providers.js";
import { asCliError } from "./config.js";

export type { PluginHost, ProviderOrigin } from "@rulebook/config";

/** Where the project is and how the user decided about trusting it (docs/behaviour.md#trust). */
export interface ProjectTrustInput {
  home: string;
  /** True when `--home` was given (the trust list is then under it, whatever `XDG_CONFIG_HOME` says). */
  homeGiven: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** `--trust`. */
  trust: boolean;
  /** The command that trusts this project with the options the user gave (`rulebook trust --root … --home …`). */
  trustCommand?: string;
}

/**
 * Loads the project's configuration and the providers it lists with `@rulebook/config`, the
 * app's bundled providers as the built-in ones; an untrusted project runs none of its code.
 * Failures are one-line {@link CliError}s naming the file or the package.
 */
export function loadProjectProviders(root: string, input: ProjectTrustInput): Promise<LoadedProject> {
  return asCliError(() =>
    loadProject(root, {
      home: input.home,
      homeGiven: input.homeGiven,
      env: input.env,
      trust: input.trust,
      bundled: BUNDLED_PROVIDERS,
      ...(input.trustCommand !== undefined && { trustCommand: input.trustCommand }),
    }),
  );
}
