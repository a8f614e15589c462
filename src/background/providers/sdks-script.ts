import type { SdkClasses } from './sdk-classes';
import { PROVIDERS_SCRIPT } from '../../platform/manifest';

/**
 * Chrome's build puts this module in the place of sdks.ts (vite.config.ts): the SDKs (about 270 KB
 * of the worker's 1 MB: openai, Anthropic's SDK and its OpenTelemetry) are a script of their own
 * (providers.js, built from sdk-script-entry.ts), loaded at the first model call of a worker's life
 * rather than compiled and evaluated at every start (bench "Extension": 4 to 7 ms less of the
 * script's loading and compiling per start, measured inside the worker). That first call pays the
 * compile instead, without the code cache the worker's own script has. A service worker cannot
 * import(); a classic one can importScripts a script at any time, but after its install only one
 * that it imported during the install's evaluation: so that evaluation imports it at once.
 */
declare function importScripts(...urls: string[]): void;

type Holder = { copilotProviderSdks?: SdkClasses };
const holder = globalThis as Holder;

const state = (globalThis as { serviceWorker?: { state?: string } }).serviceWorker?.state;
if (state === undefined || state === 'parsed' || state === 'installing') providerSdks();

export function providerSdks(): SdkClasses {
  if (!holder.copilotProviderSdks) importScripts(PROVIDERS_SCRIPT);
  return holder.copilotProviderSdks!;
}
