/** Where the language is documented: the guide in the repository (opened in the browser, or by the desktop shell). */
export const DOCS_BASE = 'https://github.com/mapx-fhir/mapx/blob/main/';

export interface HelpLink {
  readonly label: string;
  /** A file of the repository. */
  readonly path: string;
  readonly title: string;
}

export const HELP_LINKS: readonly HelpLink[] = [
  {
    label: 'Language guide',
    path: 'docs/guide/README.md',
    title: 'The FLASH language guide: a tutorial with runnable examples',
  },
  {
    label: 'Functions',
    path: 'docs/guide/functions/README.md',
    title: 'Every function, each with an example',
  },
];

export const helpUrl = (link: HelpLink): string => `${DOCS_BASE}${link.path}`;
