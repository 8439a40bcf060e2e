// Draws the demo illustrations used by seed.sql (public/demo/*.svg): simple geometric art in the
// brand palette, so the demo has images without shipping anyone else's pictures.
// Run: node scripts/tools/make-demo-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';

const out = new URL('../../public/demo/', import.meta.url);
mkdirSync(out, { recursive: true });

const palettes = [
  ['#0f3d5e', '#1f7a8c', '#bfdbf7'],
  ['#3d1f5e', '#7a1f8c', '#f7bfe8'],
  ['#1f5e3d', '#2f8c5a', '#c8f7bf'],
  ['#5e3d0f', '#8c5a1f', '#f7e3bf'],
  ['#5e0f1f', '#8c1f3a', '#f7bfc8'],
  ['#0f1f5e', '#1f3a8c', '#bfc8f7'],
];

function art(seed, w, h, label) {
  const [dark, mid, light] = palettes[seed % palettes.length];
  let shapes = '';
  let x = seed * 97;
  const rand = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 7; i++) {
    const cx = Math.round(rand() * w);
    const cy = Math.round(rand() * h);
    const r = Math.round(40 + rand() * (h / 3));
    shapes += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${i % 2 ? mid : light}" opacity="${(0.15 + rand() * 0.35).toFixed(2)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes}
<text x="${w / 2}" y="${h / 2}" fill="#ffffff" font-family="system-ui, sans-serif" font-size="${Math.round(h / 9)}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${label}</text>
</svg>\n`;
}

function logo(seed, name) {
  const [dark, mid] = palettes[seed % palettes.length];
  const initials = name.split(/\s+/).map((p) => p[0]).join('').slice(0, 2).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200" role="img" aria-label="${name}">
<rect x="20" y="40" width="120" height="120" rx="28" fill="${dark}"/><circle cx="80" cy="100" r="34" fill="${mid}"/>
<text x="80" y="102" fill="#fff" font-family="system-ui, sans-serif" font-size="34" font-weight="700" text-anchor="middle" dominant-baseline="middle">${initials}</text>
<text x="155" y="108" fill="${dark}" font-family="system-ui, sans-serif" font-size="22" font-weight="700">${name.split(' ')[0]}</text>
</svg>\n`;
}

const projects = ['crm', 'menu', 'gym', 'villa', 'chatbot', 'invoices'];
projects.forEach((p, i) => {
  writeFileSync(new URL(`project-${p}.svg`, out), art(i, 1200, 800, p.toUpperCase()));
  for (let g = 1; g <= 3; g++) writeFileSync(new URL(`project-${p}-${g}.svg`, out), art(i * 3 + g, 1200, 800, `${p.toUpperCase()} ${g}`));
});
for (let i = 1; i <= 9; i++) writeFileSync(new URL(`post-${i}.svg`, out), art(i + 10, 1200, 630, `#${i}`));
['Имоти Запад', 'Хотел Морска', 'Фитнес Про', 'Вила Рила', 'Кафе Център'].forEach((n, i) =>
  writeFileSync(new URL(`client-${i + 1}.svg`, out), logo(i, n)),
);
writeFileSync(new URL('consultant.svg', out), art(4, 400, 400, 'МИ'));
console.log('demo images written to public/demo');
