// What a person sees on one screen, measured in the browser by one `page.evaluate(probeScreen)`:
// the WCAG contrast of every visible button, link, badge and form label, sideways scroll, and
// text cut off in tables. docs/decisions/019-status-badges-and-legibility-test.md explains the method.
// The function must stay self-contained: Playwright sends its source to the page.

export type ContrastIssue = {
  what: string;
  text: string;
  ratio: number;
  required: number;
  fg: string;
  bg: string;
  font: string;
};

export type ProbeResult = {
  /** Text runs and icons measured. */
  checked: number;
  /** Below the WCAG minimum (4.5:1, or 3:1 for large text and icon-only controls). */
  failures: ContrastIssue[];
  /** On a gradient: measured against every colour stop, the worst one counts; listed, not skipped. */
  onGradient: ContrastIssue[];
  /** On a background image: cannot be measured from styles; always reported as a failure. */
  onImage: Array<{ what: string; text: string }>;
  /** Disabled controls: exempt from contrast minimums (WCAG 1.4.3), counted. */
  disabled: number;
  page: { scrollWidth: number; clientWidth: number; widest: string[] };
  /** Table cells whose text is clipped (ellipsis or hidden overflow). */
  cutOff: Array<{ what: string; text: string }>;
};

export function probeScreen(): ProbeResult {
  type Rgba = [number, number, number, number];
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d canvas');
  const colours = new Map<string, Rgba>();

  /** Any CSS colour (oklch, oklab, color-mix, named...) as sRGB 0-255 and alpha 0-1, by the browser. */
  const rgba = (css: string): Rgba => {
    const known = colours.get(css);
    if (known) return known;
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
    const value: Rgba = [r, g, b, a / 255];
    colours.set(css, value);
    return value;
  };
  const luminance = ([r, g, b]: Rgba) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const show = ([r, g, b, a]: Rgba) => {
    const rgb = [r, g, b].map(Math.round).join(',');
    return a < 1 ? `rgba(${rgb},${a.toFixed(2)})` : `rgb(${rgb})`;
  };

  // Colour stops of a gradient, in the order the computed style lists them.
  const colourToken =
    /(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\((?:[^()]|\([^()]*\))*\)|#[0-9a-f]{3,8}\b|\btransparent\b/gi;

  /** One layer per ancestor: its background's possible colours (several under a gradient) and opacity. */
  type Layer = { colours: Rgba[]; opacity: number; gradient: boolean; image: boolean };
  const layers = new Map<Element, Layer>();
  const layerOf = (el: Element): Layer => {
    const known = layers.get(el);
    if (known) return known;
    const cs = getComputedStyle(el);
    const base = rgba(cs.backgroundColor);
    const image = cs.backgroundImage;
    const hasUrl = /url\(/.test(image);
    const stops = image === 'none' || hasUrl ? [] : (image.match(colourToken) ?? []);
    // A stop is painted over the element's background colour.
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3] + below[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const layer: Layer = {
      colours: stops.length ? stops.map((s) => over(rgba(s), base)) : [base],
      opacity: Number(cs.opacity),
      gradient: stops.length > 0,
      image: hasUrl,
    };
    layers.set(el, layer);
    return layer;
  };

  /**
   * The rendered colour of `fg` drawn in `el` (or of el's background alone when fg is null):
   * each ancestor's background beneath, each ancestor's opacity applied to everything it
   * holds, then the white canvas. One result per combination of gradient stops.
   */
  const rendered = (el: Element, fg: Rgba | null): Rgba[] => {
    // Premultiplied colour and alpha of everything drawn so far, over transparent.
    let states: Array<[number, number, number, number]> = [
      fg ? [fg[0] * fg[3], fg[1] * fg[3], fg[2] * fg[3], fg[3]] : [0, 0, 0, 0],
    ];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const layer = layerOf(node);
      const next: typeof states = [];
      for (const [r, g, b, a] of states) {
        for (const c of layer.colours) {
          const k = c[3] * (1 - a);
          const o = layer.opacity;
          next.push([(r + c[0] * k) * o, (g + c[1] * k) * o, (b + c[2] * k) * o, (a + k) * o]);
        }
      }
      states = next;
    }
    return states.map(([r, g, b, a]) => [
      r + 255 * (1 - a),
      g + 255 * (1 - a),
      b + 255 * (1 - a),
      1,
    ]);
  };
  const hasLayer = (el: Element, test: (l: Layer) => boolean) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      if (test(layerOf(node))) return true;
    }
    return false;
  };

  const describe = (el: Element) => {
    const role = el.getAttribute('role');
    const slot = el.getAttribute('data-slot');
    const kind = slot ?? role ?? el.tagName.toLowerCase();
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ');
    return `${kind} "${name.slice(0, 60)}"`;
  };

  const result: ProbeResult = {
    checked: 0,
    failures: [],
    onGradient: [],
    onImage: [],
    disabled: 0,
    page: {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      widest: [],
    },
    cutOff: [],
  };

  const measure = (target: Element, drawnIn: Element, text: string, required: number) => {
    const cs = getComputedStyle(drawnIn);
    const fg = rgba(cs.color);
    const fgs = rendered(drawnIn, fg);
    const bgs = rendered(drawnIn, null);
    let ratio = Math.min(...fgs.map((f, i) => contrast(f, bgs[i] as Rgba)));
    const gradient = new Set(bgs.map(show)).size > 1;
    if (gradient) {
      // Text whose luminance lies within the gradient's range meets its own colour somewhere.
      const lums = bgs.map(luminance);
      const textLum = luminance(fgs[0] as Rgba);
      if (textLum > Math.min(...lums) && textLum < Math.max(...lums)) ratio = 1;
    }
    result.checked += 1;
    const issue: ContrastIssue = {
      what: describe(target),
      text: text.slice(0, 60),
      ratio: Math.round(ratio * 100) / 100,
      required,
      fg: show(fg),
      bg: [...new Set(bgs.map(show))].join(' .. '),
      font: `${cs.fontSize} ${cs.fontWeight}`,
    };
    if (hasLayer(drawnIn, (l) => l.image)) {
      result.onImage.push({ what: issue.what, text: issue.text });
      return;
    }
    if (gradient && hasLayer(drawnIn, (l) => l.gradient)) result.onGradient.push(issue);
    if (ratio < required) result.failures.push(issue);
  };

  const isLarge = (el: Element) => {
    const cs = getComputedStyle(el);
    const size = parseFloat(cs.fontSize);
    return size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
  };
  const shown = (r: DOMRect) => r.width >= 2 && r.height >= 2;
  /** Inside a box clipped to nothing, like Tailwind's sr-only: for screen readers only. */
  const clippedAway = (el: Element) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const cs = getComputedStyle(node);
      const clips = cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
      if (clips && !shown(node.getBoundingClientRect())) return true;
    }
    return false;
  };

  const targets = document.querySelectorAll(
    'button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="combobox"], [role="switch"], [data-slot="badge"], label, legend',
  );
  const seen = new Set<Node>();
  for (const target of targets) {
    // Behind a modal (aria-hidden by the dialog) or hidden from everyone: not what is read now.
    if (target.closest('[aria-hidden="true"], [inert]')) continue;
    if (!target.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (target.matches(':disabled, [aria-disabled="true"]')) {
      result.disabled += 1;
      continue;
    }
    let texts = 0;
    const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || seen.has(node)) continue;
      seen.add(node);
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (clippedAway(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (![...range.getClientRects()].some(shown)) continue;
      texts += 1;
      measure(target, parent, text, isLarge(parent) ? 3 : 4.5);
    }
    if (texts > 0) continue;
    // An icon-only control: its icon is what a person reads (non-text contrast, 3:1).
    const icon = [...target.querySelectorAll('svg')].find(
      (svg) =>
        svg.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        shown(svg.getBoundingClientRect()),
    );
    if (icon && !seen.has(icon)) {
      seen.add(icon);
      measure(target, icon, '(icon)', 3);
    }
  }

  // Sideways scroll: which elements reach past the right edge (outside their own scroll box).
  const edge = document.documentElement.clientWidth;
  if (result.page.scrollWidth > edge) {
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right <= edge + 1 || r.width === 0) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') clipped = true;
      }
      if (!clipped) {
        result.page.widest.push(`${describe(el)} .${el.getAttribute('class')} right=${r.right}`);
      }
      if (result.page.widest.length >= 5) break;
    }
  }

  for (const el of document.querySelectorAll('td, td *, th, th *')) {
    if (!el.checkVisibility()) continue;
    const cs = getComputedStyle(el);
    const clips = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
    if (clips && el.scrollWidth > el.clientWidth + 1) {
      result.cutOff.push({ what: describe(el), text: (el.textContent ?? '').trim().slice(0, 60) });
    }
  }
  return result;
}
