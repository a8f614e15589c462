import { sdkClasses } from './sdk-classes';

/** providers.js in Chrome's build: the SDKs' classes, for sdks-script.ts, which imports this script. */
(globalThis as { copilotProviderSdks?: typeof sdkClasses }).copilotProviderSdks = sdkClasses;
