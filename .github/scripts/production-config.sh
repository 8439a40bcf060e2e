#!/usr/bin/env bash
# Before `supabase config push` or `config diff` on production (release.yml): supabase/config.toml
# declares the local dev server as the auth settings' Site URL and redirect addresses, and a push
# sends what the file declares. This adds the CLI's per-project override, [remotes.<name>], which
# the CLI applies when its project_id is the project pushed to (it prints
# "Loading config override: [remotes.production]"): the production origin in their place.
# Only the runner's checkout is changed; nothing is committed.
#
#   SUPABASE_PROJECT_REF=<ref> SITE_URL=https://<origin> bash .github/scripts/production-config.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

: "${SUPABASE_PROJECT_REF:?the project reference (20 lowercase letters)}"
: "${SITE_URL:?the public site origin, e.g. https://sinaptika.bg}"
if ! [[ "$SUPABASE_PROJECT_REF" =~ ^[a-z]{20}$ ]]; then
  echo "SUPABASE_PROJECT_REF is not a project reference (20 lowercase letters)" >&2
  exit 1
fi
if ! [[ "$SITE_URL" =~ ^https://[A-Za-z0-9.:-]+$ ]]; then
  echo "SITE_URL is not an https origin (no path, no trailing slash): $SITE_URL" >&2
  exit 1
fi
if grep -q '^\[remotes\.production' supabase/config.toml; then
  echo "supabase/config.toml already has [remotes.production]: left as it is"
  exit 0
fi

cat >>supabase/config.toml <<TOML

[remotes.production]
project_id = "$SUPABASE_PROJECT_REF"

[remotes.production.auth]
site_url = "$SITE_URL"
additional_redirect_urls = ["$SITE_URL/**"]
TOML
echo "supabase/config.toml: [remotes.production] for $SUPABASE_PROJECT_REF, Site URL $SITE_URL"
