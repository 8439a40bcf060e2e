/** crypt(password, setting) for bcrypt settings such as "$2a$10$<22 salt characters>". */
export function bcrypt(password: string, setting: string): string;
