// The release gate's comparison: two bundled OpenAPI 3.1 documents (the last release's and the current one), or two
// AsyncAPI 3 documents, and every change that matters to a consumer, classified breaking or additive by the rules in
// diff/rules.mjs. The work is split by job under diff/:
//   rules.mjs             the rule catalogue: id, breaking or not, why
//   change-graph.mjs      where a change is reported: once per component, with every operation that reaches it
//   effective-schema.mjs  allOf and $ref-with-siblings merged into one set of constraints, each with its origin
//   compare-schema.mjs    direction-aware schema comparison (requests may only loosen, responses may only enrich)
//   openapi-diff.mjs      operations: parameters, bodies, every response status, media type and header, security
//   servers.mjs           servers and their variables
//   asyncapi-diff.mjs     channels, channel parameters, operations, messages, payloads, servers
//   markdown.mjs          the API diff (reports/api-diff.md) and the console lines
export { diffSpecs } from './diff/openapi-diff.mjs';
export { diffAsyncApi } from './diff/asyncapi-diff.mjs';
export { diffMarkdown, consoleLine } from './diff/markdown.mjs';
export { RULES } from './diff/rules.mjs';
