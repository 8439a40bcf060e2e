import '../index.css';

/*
 * The admin's entry (admin.html): the sign-in page and the panels, an app of their own. The host
 * answers /login, /blog-admin and /work-admin with admin.html (scripts/publisher/host-config.mjs),
 * so the admin never downloads the site's shell and a visitor never downloads the admin's.
 */
const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root element');
void import('./admin-boot').then((m) => m.bootAdmin(container));
