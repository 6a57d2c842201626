/** HL7 v2 in its ER7 (pipe and hat) encoding, as the reference server names it: the type mapx itself sends. */
export const HL7_V2_MEDIA_TYPE = 'x-application/hl7-v2+er7';

/** The other spellings of the same input that clients send; each selects the HL7 v2 normaliser too. */
export const HL7_V2_MEDIA_TYPE_ALIASES = ['application/hl7-v2', 'application/hl7-v2+er7'] as const;

/** Every media type an HL7 v2 ER7 input may be sent as, the canonical one first. */
export const HL7_V2_MEDIA_TYPES = [HL7_V2_MEDIA_TYPE, ...HL7_V2_MEDIA_TYPE_ALIASES] as const;
