/** The agent core's public surface, for the service worker and the benchmark. */
export { createAgent, type Agent, type AgentOptions, type RunHandle, type StartInput, type RunOutcome } from './agent';
export { RunControl, StopRun, LimitReached } from './control';
export { AgentConfig, type AgentConfigInput } from './config';
export * from './ports';
export { RunState, StepRecord, TrialRecord, ReflectionMemory, RunStatus } from './run-state';
export { defaultPolicies, createPolicyRegistry, type PolicyRegistry } from './policies/registry';
export type { WebPolicy } from './policies/types';
export { maskSecrets } from './safety/secrets';
export { gateAction, type GateVerdict, type GateContext } from './safety/gate';
export { compareStagedAndIterative, countingClient, type CallStats } from './measure';
export { render } from '../core/prompts/render';
export { parseActionText, parseActionLine } from '../core/actions/grammar';
export { actionLine } from '../core/actions/validate';
export { costOf, priceOf } from './model/prices';
