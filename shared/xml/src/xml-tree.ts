/** An element with its attributes in document order; text children are strings, exactly as decoded. */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly children: XmlNode[];
}

export type XmlNode = XmlElement | string;
