import { useEffect, useRef } from 'react';
import { TOOLS } from '@/site/content/landing';
import { usePrefersReducedMotion } from '@/site/runtime/motion';
import { BrandMark, ToolMark } from './ToolMarks';

/** Node positions in percent of the square: the centre, and the tools on a circle around it. */
const RADIUS = 38;
const NODES = TOOLS.map((name, i) => {
  const angle = (i / TOOLS.length) * Math.PI * 2 - Math.PI / 2;
  return { name, x: 50 + RADIUS * Math.cos(angle), y: 50 + RADIUS * Math.sin(angle) };
});

/**
 * Draws the links of the network: a line from the centre to each tool with a light pulse running
 * along it, and a faint ring joining neighbouring tools. `t` is the time in seconds; t = 0 gives
 * the static picture used under reduced motion.
 */
function drawNetwork(ctx: CanvasRenderingContext2D, size: number, t: number, animated: boolean) {
  ctx.clearRect(0, 0, size, size);
  const px = (percent: number) => (percent / 100) * size;
  const cx = px(50);
  const cy = px(50);

  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(47, 76, 196, 0.12)';
  ctx.beginPath();
  NODES.forEach((node, i) => {
    const next = NODES[(i + 1) % NODES.length];
    ctx.moveTo(px(node.x), px(node.y));
    ctx.lineTo(px(next.x), px(next.y));
  });
  ctx.stroke();

  NODES.forEach((node, i) => {
    const x = px(node.x);
    const y = px(node.y);
    const glow = animated ? 0.28 + 0.14 * Math.sin(t * 1.6 + i) : 0.35;
    ctx.strokeStyle = `rgba(47, 76, 196, ${glow.toFixed(3)})`;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(x, y);
    ctx.stroke();

    if (!animated) return;
    // a pulse travelling out from the centre, each line a little behind the previous one
    const progress = (t * 0.35 + i / NODES.length) % 1;
    const pxPos = cx + (x - cx) * progress;
    const pyPos = cy + (y - cy) * progress;
    const alpha = Math.sin(progress * Math.PI);
    ctx.fillStyle = `rgba(20, 184, 166, ${alpha.toFixed(3)})`;
    ctx.beginPath();
    ctx.arc(pxPos, pyPos, 3, 0, Math.PI * 2);
    ctx.fill();
  });
}

/**
 * The decorative logo network of the hero: the agency's mark in the centre joined to eight tool
 * marks by animated lines on a canvas. The animation runs only while the network is on screen and
 * the tab is visible; under prefers-reduced-motion one static frame is drawn.
 */
export function LogoNetwork() {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const wrap = wrapRef.current;
    const canvas = canvasRef.current;
    if (!wrap || !canvas) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;

    let size = 0;
    let raf = 0;
    let onScreen = true;
    let time = 0;

    const draw = () => drawNetwork(ctx, size, time, !reducedMotion);

    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      size = wrap.clientWidth;
      canvas.width = Math.round(size * dpr);
      canvas.height = Math.round(size * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      draw();
    };

    const frame = (now: number) => {
      time = now / 1000;
      draw();
      raf = requestAnimationFrame(frame);
    };

    const update = () => {
      const run = !reducedMotion && onScreen && !document.hidden;
      if (run && !raf) raf = requestAnimationFrame(frame);
      if (!run && raf) {
        cancelAnimationFrame(raf);
        raf = 0;
      }
    };

    resize();
    update();

    const resizeObserver = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(resize) : null;
    resizeObserver?.observe(wrap);
    const visibilityObserver =
      typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((entries) => {
            onScreen = entries.some((entry) => entry.isIntersecting);
            update();
          })
        : null;
    visibilityObserver?.observe(wrap);
    document.addEventListener('visibilitychange', update);

    return () => {
      if (raf) cancelAnimationFrame(raf);
      resizeObserver?.disconnect();
      visibilityObserver?.disconnect();
      document.removeEventListener('visibilitychange', update);
    };
  }, [reducedMotion]);

  return (
    <figure className="relative mx-auto w-full max-w-[26rem]">
      <div ref={wrapRef} className="relative aspect-square w-full" data-testid="logo-network">
        <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 size-full" />
        <div className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 rounded-[22px] bg-white p-1.5 shadow-lg shadow-brand-900/10">
          <BrandMark className="size-16 sm:size-20" />
        </div>
        <ul className="contents" aria-hidden="true">
          {NODES.map((node) => (
            <li
              key={node.name}
              className="absolute flex -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-1"
              style={{ left: `${node.x}%`, top: `${node.y}%` }}
            >
              <span className="rounded-xl bg-white p-1 shadow-md shadow-slate-900/10">
                <ToolMark name={node.name} className="size-9 sm:size-10" />
              </span>
              <span className="rounded bg-white/80 px-1 text-[11px] font-medium text-slate-700">{node.name}</span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="sr-only">Инструменти, с които работим: {TOOLS.join(', ')}</figcaption>
    </figure>
  );
}
