export { type RequestOptions, VigilClient, type VigilClientOptions } from './vigil.client';
export { VigilProblemError } from './vigil-problem.error';
export { VigilTransportError } from './vigil-transport.error';
export type { CheckInteractionsRequest, CheckInteractionsResponse, DrugDetail, DrugSearchResponse, KbDescription, KeyDescription, ProblemResponse } from '@vigil/contracts';
