import mod from './stream.cjs';
export const { STREAM_SCHEMA_NAMES, familyOf, parseChannelPattern, channelMatches, validateStreamMessage, validateStreamEvent } = mod;
