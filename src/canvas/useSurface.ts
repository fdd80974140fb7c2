/**
 * Mounts a surface on a React-rendered canvas: picks the backend once per page (`chooseBackend`), creates the
 * surface, and on a WebGL start failure re-keys the canvas so React gives a fresh element for Canvas2D.
 */
import { useEffect, useRef, useState } from 'react';
import { chooseBackend } from './backend';
import { createSurface } from './createSurface';
import type { Backend, Surface } from './surface';

let pageBackend: Backend | null = null;

/** The page's backend (chosen once: the URL's `?backend=`, else a fast WebGL probe). */
export function pageSurfaceBackend(): Backend {
  pageBackend ??= chooseBackend(location.search);
  return pageBackend;
}

/** What a canvas component renders with. */
export interface SurfaceHandle {
  readonly canvasRef: React.RefObject<HTMLCanvasElement | null>;
  /** Key for the <canvas>: changes when a failed backend needs a fresh element. */
  readonly canvasKey: string;
  readonly surface: Surface | null;
}

/** A surface on the component's canvas; `alpha` for canvases drawn over others (overlays). */
export function useSurface(alpha: boolean): SurfaceHandle {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [backend, setBackend] = useState<Backend>(pageSurfaceBackend);
  const [surface, setSurface] = useState<Surface | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    let live = true;
    let made: Surface | null = null;
    const rect = canvas.getBoundingClientRect();
    createSurface(
      canvas,
      backend,
      { width: Math.max(1, rect.width), height: Math.max(1, rect.height), dpr: window.devicePixelRatio || 1 },
      alpha,
    ).then(
      (s) => {
        if (!live) {
          s.destroy();
          return;
        }
        made = s;
        setSurface(s);
      },
      (e: unknown) => {
        console.warn(`${backend} surface failed`, e);
        if (live && backend === 'webgl') setBackend('canvas');
      },
    );
    return () => {
      live = false;
      made?.destroy();
      setSurface(null);
    };
  }, [backend, alpha]);
  return { canvasRef, canvasKey: backend, surface };
}
