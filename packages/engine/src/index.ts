export { ResultCode, resultCodeName, resultCodeRanges } from './codes.ts';
export { createEngine, Engine } from './engine.ts';
export { validateInternalState } from './invariants.ts';
export * from './types.ts';
