// The origin `vite preview` serves on, read from the arguments it is given (`--port 4301`,
// `--port=4301`, `--host 0.0.0.0`), so the e-mails the stand-in sends link to the preview actually
// running (scripts/tools/preview.mjs). vite.config.ts's preview port, 4173, when none is given.
export const DEFAULT_PREVIEW_PORT = 4173;

/** The value of `--name value` or `--name=value` in `args`, or undefined (true for a bare flag). */
function option(args, name) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1] && !args[i + 1].startsWith('-') ? args[i + 1] : true;
    if (args[i].startsWith(`--${name}=`)) return args[i].slice(name.length + 3);
  }
  return undefined;
}

export function previewOrigin(args) {
  const port = Number(option(args, 'port') ?? DEFAULT_PREVIEW_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port: not a port: ${option(args, 'port')}`);
  const host = option(args, 'host');
  // a host that listens everywhere is reached on this machine as localhost
  const name = typeof host !== 'string' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
