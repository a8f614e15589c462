import { sdkClasses, type SdkClasses } from './sdk-classes';

/**
 * The SDKs' classes, in the worker's own bundle: Firefox's event page, and tests. Chrome's build
 * puts sdks-script.ts in this module's place, which loads them only when a model is called.
 */
export function providerSdks(): SdkClasses {
  return sdkClasses;
}
