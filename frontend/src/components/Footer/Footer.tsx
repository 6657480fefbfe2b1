import { Link } from 'react-router';
import { siteConfig } from '@/config/site-config';
import { Logo, marketingLinks } from '../Header/Header';
import styles from './Footer.module.css';

const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  width: 22,
  height: 22,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const socialLinks = [
  {
    name: 'LinkedIn',
    href: siteConfig.social.linkedIn,
    icon: (
      <svg {...iconProps}>
        <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
        <rect x="2" y="9" width="4" height="12" />
        <circle cx="4" cy="4" r="2" />
      </svg>
    ),
  },
  {
    name: 'Instagram',
    href: siteConfig.social.instagram,
    icon: (
      <svg {...iconProps}>
        <rect x="2" y="2" width="20" height="20" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
      </svg>
    ),
  },
  {
    name: 'Twitter',
    href: siteConfig.social.twitter,
    icon: (
      <svg {...iconProps}>
        <path d="M23 3a10.9 10.9 0 0 1-3.14 1.53 4.48 4.48 0 0 0-7.86 3v1A10.66 10.66 0 0 1 3 4s-4 9 5 13a11.64 11.64 0 0 1-7 2c9 5 20 0 20-11.5a4.5 4.5 0 0 0-.08-.83A7.72 7.72 0 0 0 23 3z" />
      </svg>
    ),
  },
] as const;

/** The footer of every page. The year is read when it renders, so it is never stale. */
export const Footer = () => (
  <footer className={styles.footer}>
    <div className={styles.inner}>
      <div className={styles.about}>
        <p className={styles.brand}>
          <Logo />
          {siteConfig.siteName}
        </p>
        <p className={styles.tagline}>Mentors and mentees, matched with care and supported all the way.</p>
      </div>
      <nav aria-label="Footer" className={styles.column}>
        <h2 className={styles.heading}>Explore</h2>
        <ul className={styles.list}>
          {marketingLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.column}>
        <h2 className={styles.heading}>Get in touch</h2>
        <p>
          <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
        </p>
        <ul className={styles.social}>
          {socialLinks.map((link) => (
            <li key={link.name}>
              <a href={link.href} aria-label={link.name} className={styles.socialLink} target="_blank" rel="noopener noreferrer">
                {link.icon}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
    <p className={styles.copyright}>
      © {new Date().getFullYear()} {siteConfig.siteName}. All rights reserved.
    </p>
  </footer>
);
