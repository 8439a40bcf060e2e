import { json, type Handler } from '../http.ts';
// placeholder until the storage service lands (being written now)
export const handleStorage: Handler = async () => json(501, { message: 'not implemented yet' });
