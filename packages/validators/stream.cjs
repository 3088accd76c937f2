'use strict';
// `@laevitas-api/validators/stream`: the WebSocket contract's validators, apart from the REST ones so a REST-only
// user never loads them.
module.exports = require('./runtime/stream.cjs');
