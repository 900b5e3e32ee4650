// Native select for the theme: keyboard, screen reader and mobile support come with the element.
import type { ThemeId } from '@gridfront/contracts/constants';
import { useId } from 'react';
import { isThemeId } from './registry.ts';
import { useTheme } from './theme-provider.tsx';

export interface ThemePickerProps {
  /** Visible (or visually hidden) label text, already translated by the caller. */
  readonly label: string;
  /** Keep the label for assistive technology only, e.g. in a compact header. */
  readonly hideLabel?: boolean;
  readonly className?: string;
  /** Translated name of a theme; the theme's own label when omitted. */
  readonly optionLabel?: (themeId: ThemeId, fallback: string) => string;
}

export function ThemePicker({ label, hideLabel = false, className, optionLabel }: ThemePickerProps) {
  const { themeId, setTheme, themes } = useTheme();
  const selectId = useId();
  return (
    <div className={className ? `gf-theme-picker ${className}` : 'gf-theme-picker'}>
      <label htmlFor={selectId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={selectId}
        value={themeId}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isThemeId(next)) setTheme(next);
        }}
      >
        {themes.map((theme) => (
          <option key={theme.id} value={theme.id}>
            {optionLabel ? optionLabel(theme.id, theme.label) : theme.label}
          </option>
        ))}
      </select>
    </div>
  );
}
