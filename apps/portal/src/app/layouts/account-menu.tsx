import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './site-header.module.css';

export interface AccountMenuProps {
  linkClassName: (state: { isActive: boolean }) => string;
}

/** "My Account" disclosure: a button that shows Usage, Account Info and Settings. */
export function AccountMenu({ linkClassName }: AccountMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every path change by design
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape elsewhere on the page belongs to whatever has focus there (issue 7).
      const inMenu = event.target instanceof Node && root.current?.contains(event.target) === true;
      if (event.key === 'Escape' && inMenu) {
        event.stopPropagation();
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target))
        setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target))
        setOpen(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  const accountActive = ['/usage', '/accountInfo', '/settings'].includes(pathname);
  return (
    <div className={styles.account} ref={root}>
      <button
        ref={toggle}
        type="button"
        className={linkClassName({ isActive: accountActive })}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t('nav.myAccount')}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      <ul id={listId} className={open ? `${styles.submenu} ${styles.submenuOpen}` : styles.submenu}>
        <li>
          <NavLink to="/usage" className={linkClassName}>
            {t('nav.usage')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/accountInfo" className={linkClassName}>
            {t('nav.accountInfo')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/settings" className={linkClassName}>
            {t('nav.settings')}
          </NavLink>
        </li>
      </ul>
    </div>
  );
}
