import { json, type Handler } from '../http.ts';
// placeholder until the REST service lands (being written now)
export const handleRest: Handler = async () => json(501, { message: 'not implemented yet' });
