// What jsdom lacks and the usage chart needs, for every portal test (setup.ts): uPlot asks
// matchMedia for the pixel ratio as it is imported (any test that renders /usage imports it) and
// draws paths on a 2D canvas context, and the chart watches its size. The stand-ins draw nothing;
// the drawing is measured in Chromium by `npm run bench:chart` and the end-to-end tests.

if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** A 2D context that accepts every call and property and draws nothing. */
function silentContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<PropertyKey, unknown> = { canvas };
  return new Proxy(state, {
    get: (target, property) => {
      if (property in target) return target[property];
      if (property === 'measureText') return (text: string) => ({ width: text.length * 6 });
      return () => {};
    },
    set: (target, property, value) => {
      target[property] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  return silentContext(this);
} as unknown as typeof HTMLCanvasElement.prototype.getContext;

if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (typeof globalThis.Path2D !== 'function') {
  // uPlot builds its series as paths before drawing them: any path call is accepted and kept nowhere.
  const silentPath = new Proxy({}, { get: () => () => {} });
  globalThis.Path2D = function Path2D() {
    return Object.create(silentPath);
  } as unknown as typeof Path2D;
}
