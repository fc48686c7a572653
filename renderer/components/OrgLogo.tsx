import { useState } from 'react';
import type { Organization } from '../../common/organization';
import { textColorOn } from '../lib/contrast';
import { initials } from '../lib/initials';
import { httpsUrl } from '../lib/safe-url';

/**
 * The organization's logo when it is an https image, else its initials on
 * its primary colour, in black or white, whichever reads better (WCAG AA).
 */
export function OrgLogo({ org }: { readonly org: Organization }) {
  const src = httpsUrl(org.logoUrl) ?? httpsUrl(org.logo);
  const [broken, setBroken] = useState<string | null>(null);
  const colors = textColorOn(org.primaryColor);

  if (src && broken !== src)
    return <img className="org-logo" src={src} alt="" onError={() => setBroken(src)} />;

  return (
    <span
      className={`org-logo org-logo--initials${colors.background ? '' : ' org-logo--neutral'}`}
      aria-hidden="true"
      data-testid="org-initials"
      // CSSOM styles are allowed under the page's CSP (style-src 'self' forbids only inline markup).
      style={
        colors.background ? { backgroundColor: colors.background, color: colors.text! } : undefined
      }
    >
      {initials(org.name, org.slug ?? org.id)}
    </span>
  );
}
