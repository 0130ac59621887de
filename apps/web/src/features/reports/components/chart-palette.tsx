/**
 * Colours and fills of the report charts, readable with colour-blindness: the Okabe–Ito palette
 * (Okabe & Ito, "Color Universal Design"), and a texture per series on top of its colour, so
 * colour is never the only cue (the legend, the labels and the table under each chart are the
 * others). Series i gets colour i mod 8 and texture i mod 5: the first 40 differ.
 */
export const OKABE_ITO = [
  '#0072B2', // blue
  '#E69F00', // orange
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
  '#56B4E9', // sky blue
  '#D55E00', // vermillion
  '#F0E442', // yellow
  '#000000', // black
] as const;

const TEXTURES = ['solid', 'diagonal', 'dots', 'cross', 'horizontal'] as const;
type Texture = (typeof TEXTURES)[number];

export const seriesColor = (index: number) => OKABE_ITO[index % OKABE_ITO.length] ?? '#000000';
const seriesTexture = (index: number): Texture => TEXTURES[index % TEXTURES.length] ?? 'solid';

/** The id of series i's pattern within a chart whose ids start with `prefix` (useId). */
export const patternId = (prefix: string, index: number) => `${prefix}-fill-${index}`;
export const seriesFill = (prefix: string, index: number) => `url(#${patternId(prefix, index)})`;

function TextureMarks({ texture, ink }: { texture: Texture; ink: string }) {
  switch (texture) {
    case 'solid':
      return null;
    case 'diagonal':
      return <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" stroke={ink} strokeWidth="1.5" />;
    case 'dots':
      return <circle cx="4" cy="4" r="1.6" fill={ink} />;
    case 'cross':
      return <path d="M0,4 h8 M4,0 v8" stroke={ink} strokeWidth="1.2" />;
    case 'horizontal':
      return <path d="M0,2 h8 M0,6 h8" stroke={ink} strokeWidth="1.2" />;
  }
}

/**
 * The <defs> of a chart's patterns: one per series, its colour with its texture. Called as a
 * function, so the chart gets a plain <defs> element among its children.
 */
export function patternDefs(prefix: string, count: number) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => {
        const color = seriesColor(index);
        // White marks on dark colours, black on light ones (yellow, sky blue, orange).
        const ink = ['#F0E442', '#56B4E9', '#E69F00'].includes(color) ? '#000000' : '#FFFFFF';
        return (
          <pattern
            key={index}
            id={patternId(prefix, index)}
            width="8"
            height="8"
            patternUnits="userSpaceOnUse"
          >
            <rect width="8" height="8" fill={color} />
            <g opacity="0.7">
              <TextureMarks texture={seriesTexture(index)} ink={ink} />
            </g>
          </pattern>
        );
      })}
    </defs>
  );
}
