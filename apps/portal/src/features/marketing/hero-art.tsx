import styles from './home-page.module.css';

/** One tile per utility, in the theme's Quick Stats colours: the hero's picture, drawn, not downloaded. */
const TILES = [
  { utility: 'electricity', x: 0, y: 0, icon: <path d="M13 2 4 14h7l-1 8 9-12h-7z" /> },
  {
    utility: 'gas',
    x: 124,
    y: 0,
    icon: <path d="M12 2c1 4 5 6 5 11a5 5 0 0 1-10 0c0-3 2-4 2-7 2 1 3 3 3 5 1-2 1-5 0-9z" />,
  },
  { utility: 'water', x: 0, y: 124, icon: <path d="M12 2C9 7 6 10 6 14a6 6 0 0 0 12 0c0-4-3-7-6-12z" /> },
  {
    utility: 'sewer',
    x: 124,
    y: 124,
    icon: (
      <path
        d="M2 9c3 0 3-2 6-2s3 2 6 2 3-2 6-2M2 15c3 0 3-2 6-2s3 2 6 2 3-2 6-2"
        className={styles.artStroke}
      />
    ),
  },
] as const;

export function HeroArt() {
  return (
    <svg className={styles.art} viewBox="0 0 240 240" aria-hidden="true" focusable="false">
      {TILES.map((tile) => (
        <g key={tile.utility} data-utility={tile.utility} transform={`translate(${tile.x} ${tile.y})`}>
          <rect width="116" height="116" rx="18" className={styles.artTile} />
          <g transform="translate(22 22) scale(3)" className={styles.artIcon}>
            {tile.icon}
          </g>
        </g>
      ))}
    </svg>
  );
}
