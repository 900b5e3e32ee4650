import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguagePicker } from '../../components/language-picker.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { HydratedApart } from '../../lib/hydrate-in-parts.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';
import { logout } from '../../lib/session/session-actions.ts';
import { brandArtStyle, useBrandImages } from '../../lib/tenant/brand-images.ts';
import { useTenant } from '../../lib/tenant/use-tenant.ts';
import { ThemePicker, useTheme } from '../../themes/index.ts';
import { loadShellParts } from '../load-shell-parts.ts';
import { useAppDispatch, useAppSelector } from '../store.ts';
import { AccountMenu } from './account-menu.tsx';
import styles from './site-header.module.css';

// AI Assist's question box: with the shell's later parts and its own texts, drawn once Home is (issue 7 budget).
const HeaderSearch = lazyPart(() => loadShellParts().then((parts) => ({ default: parts.HeaderSearch })));

/**
 * The search only once the app runs in the browser: the server's first view has none (its chunk and
 * stylesheet come after the first view), so the app hydrating that view finds the same header.
 */
function LateHeaderSearch() {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return shown ? (
    <Suspense fallback={null}>
      <HeaderSearch />
    </Suspense>
  ) : null;
}

const navClass = ({ isActive }: { isActive: boolean }): string =>
  isActive ? `${styles.link} ${styles.active}` : (styles.link ?? '');

/** Tenant brand, main navigation, language and theme pickers; a menu button below 768 px. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { theme } = useTheme();
  const tenant = useTenant();
  // The utility's own logo and header art (issue 14), when its administrators uploaded them.
  const images = useBrandImages();
  const isLoggedIn = useAppSelector((state) => state.session.isLoggedIn);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // A followed link closes the menu on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // Only Escape from the menu or its button is for the menu: Escape in the page (a form field, a
      // dialog) must not close it and pull focus away (issue 7).
      const target = event.target instanceof Node ? event.target : null;
      const inMenu =
        target !== null && (panel.current?.contains(target) || menuButton.current?.contains(target));
      if (event.key === 'Escape' && inMenu) {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={`gf-themed-header ${styles.header}`} style={brandArtStyle('header', images.header)}>
      <div className={styles.bar}>
        <Link to="/" className={styles.brand} aria-label={t('app.homeLink', { name: tenant.displayName })}>
          <img className={styles.logo} src={images.logo ?? theme.logo} alt="" />
          {/* Until the tenant is known the logo stands alone; the link still has its name. */}
          {tenant.name ? <span className={styles.name}>{tenant.name}</span> : null}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.menuIcon} aria-hidden="true" />
          {t('nav.menu')}
        </button>
        <div
          id={panelId}
          ref={panel}
          className={menuOpen ? `${styles.panel} ${styles.panelOpen}` : styles.panel}
        >
          {/* The links hydrate in a task after the bar's, the pickers in one after theirs. */}
          <HydratedApart>
            <nav className={styles.nav} aria-label={t('nav.primary')}>
              <ul className={styles.list}>
                <li>
                  <NavLink to="/home" className={navClass}>
                    {t('nav.home')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/services" className={navClass}>
                    {t('nav.services')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/aboutus" className={navClass}>
                    {t('nav.aboutUs')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/contactus" className={navClass}>
                    {t('nav.contactUs')}
                  </NavLink>
                </li>
                {isLoggedIn ? (
                  <>
                    <li>
                      <HydratedApart>
                        <AccountMenu linkClassName={navClass} />
                      </HydratedApart>
                    </li>
                    <li>
                      <button type="button" className={styles.link} onClick={() => void dispatch(logout())}>
                        {t('nav.logout')}
                      </button>
                    </li>
                  </>
                ) : (
                  <>
                    <li>
                      <NavLink to="/login" className={navClass}>
                        {t('nav.login')}
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to="/signup" className={navClass}>
                        {t('nav.signUp')}
                      </NavLink>
                    </li>
                  </>
                )}
              </ul>
            </nav>
          </HydratedApart>
          <div className={styles.preferences}>
            <HydratedApart>
              <LateHeaderSearch />
              <LanguagePicker className={styles.picker} />
              <ThemePicker
                label={t('preferences.theme')}
                className={styles.picker}
                optionLabel={(themeId) => t(`themes.${themeId}`)}
              />
            </HydratedApart>
          </div>
        </div>
      </div>
    </header>
  );
}
