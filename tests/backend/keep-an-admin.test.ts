// The panel never loses its last administrator (supabase/migrations/20261129000200_keep_an_admin.sql):
// deactivating or deleting the last active blog user is refused, whoever asks, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

const ADMIN = { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com', password: 'admin-local-password' };
const MESSAGE = 'Не можете да деактивирате или изтриете последния активен администратор. Първо добавете или активирайте друг.';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function active(): Promise<string[]> {
  const { data } = await h.service.from('blog_users').select('email').eq('is_active', true).order('email');
  return (data ?? []).map((r) => r.email);
}

describe('the last administrator', () => {
  it('cannot deactivate or delete itself through the API: the Bulgarian refusal, and the row and its session stay', async () => {
    expect(await active()).toEqual([ADMIN.email]);
    const admin = h.newClient();
    await h.signInWithSecondFactor(admin, ADMIN.email, ADMIN.password);

    const off = await admin.from('blog_users').update({ is_active: false }).eq('id', ADMIN.id).select('id');
    expect(off.error).toMatchObject({ code: '23514', message: MESSAGE, hint: 'last_admin' });
    const gone = await admin.from('blog_users').delete().eq('id', ADMIN.id).select('id');
    expect(gone.error).toMatchObject({ code: '23514', message: MESSAGE });

    expect(await active()).toEqual([ADMIN.email]);
    // still signed in: the refused change ended no session
    const me = await admin.from('blog_users').select('is_active').eq('id', ADMIN.id).single();
    expect(me.data).toEqual({ is_active: true });
    expect((await admin.auth.refreshSession()).error).toBeNull();
  });

  it('nor through the service role; with a second active administrator the first may go, and then the second is the last', async () => {
    const refused = await h.service.from('blog_users').update({ is_active: false }).eq('id', ADMIN.id);
    expect(refused.error?.message).toBe(MESSAGE);

    const second = await h.service
      .from('blog_users')
      .insert({ username: 'vtora', email: 'vtora@example.com', password: 'vtora-parola-2026', full_name: 'Втора Администраторка', is_active: true, role: 'admin' })
      .select('id')
      .single();
    expect(second.error).toBeNull();
    expect((await h.service.from('blog_users').update({ is_active: false }).eq('id', ADMIN.id)).error).toBeNull();
    expect(await active()).toEqual(['vtora@example.com']);

    const last = await h.service.from('blog_users').delete().eq('id', second.data!.id);
    expect(last.error?.message).toBe(MESSAGE);
    expect(await active()).toEqual(['vtora@example.com']);
    // an inactive one may always be deleted or changed
    expect((await h.service.from('blog_users').update({ full_name: 'Мария' }).eq('id', ADMIN.id)).error).toBeNull();
  });
});
