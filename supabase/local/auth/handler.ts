import { json, type Handler } from '../http.ts';
// placeholder until the auth service lands (being written now)
export const handleAuth: Handler = async () => json(501, { message: 'not implemented yet' });
