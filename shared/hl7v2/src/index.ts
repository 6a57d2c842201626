export { readDelimiters, MAX_HEADER_CHARS, type DelimiterReading, type Hl7Delimiters } from './delimiters.js';
export { readMsh, type MessageType, type MshSegment } from './msh-segment.js';
export { findMshSegment } from './find-msh.js';
export { HL7_V2_VERSIONS, isHl7v2Version, versionRank, type Hl7v2Version } from './versions.js';
export { HL7_V2_MEDIA_TYPE, HL7_V2_MEDIA_TYPE_ALIASES, HL7_V2_MEDIA_TYPES } from './media-types.js';
