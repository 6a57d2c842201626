import { HELP_LINKS, helpUrl } from '../help/help-links.js';

/** Links to the language guide; the desktop shell opens them in the system browser. */
export function HelpLinks() {
  return (
    <nav className="toolbar-group toolbar-help" aria-label="Help">
      {HELP_LINKS.map((link) => (
        <a key={link.path} href={helpUrl(link)} title={link.title} target="_blank" rel="noopener noreferrer">
          {link.label}
        </a>
      ))}
    </nav>
  );
}
