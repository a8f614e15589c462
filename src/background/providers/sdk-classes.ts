// The classes of the official SDKs the provider clients use. The base Anthropic client and its
// Messages resource only: the SDK's full client builds every other resource (organizations,
// analytics, files…) when it is loaded, which the co-pilot never calls.
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages';
import OpenAI from 'openai';

export const sdkClasses = { BaseAnthropic, Messages, OpenAI };
export type SdkClasses = typeof sdkClasses;
