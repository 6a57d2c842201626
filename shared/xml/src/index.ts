export type { XmlElement, XmlNode } from './xml-tree.js';
export { parseXml, MAX_XML_DEPTH, type ParseXmlResult, type XmlIssue } from './parse-xml.js';
export { decodeEntities } from './decode-entities.js';
export { serializeXml } from './serialize-xml.js';
export { collapseXmlWhitespace, isXmlWhitespace, trimXmlWhitespace } from './xml-whitespace.js';
