import { describe, expect, it } from 'vitest';
import { recordWords } from '@/admin/kit/records/record-words';

// The sentences of a record type's list, edit view and delete come from its nouns; these are the
// sentences the tabs showed when each wrote them by hand.
describe('recordWords', () => {
  it('says a masculine record type’s sentences', () => {
    const words = recordWords({
      one: 'клиент',
      theOne: 'клиента',
      theOneSubject: 'Клиентът',
      many: 'клиенти',
      theMany: 'клиентите',
      gender: 'masculine',
      title: 'Клиенти',
      searchHint: 'Име на клиента',
      empty: 'Все още няма добавени клиенти.',
      logDelete: '[admin] deleting a client failed',
    });
    expect(words).toEqual({
      heading: { title: 'Клиенти', searchName: 'Търсене в клиентите', searchHint: 'Име на клиента' },
      list: {
        loading: 'Зареждане на клиенти...',
        loadFailed: 'Неуспешно зареждане на клиенти.',
        empty: 'Все още няма добавени клиенти.',
        noMatch: 'Няма клиенти, които отговарят на търсенето.',
        total: 'Общо клиенти',
        found: 'Намерени клиенти',
        pages: 'Страници на клиентите',
        clear: 'Изчисти търсенето',
      },
      record: {
        title: 'Редактиране на клиент',
        loading: 'Зареждане на клиента...',
        loadFailed: 'Неуспешно зареждане на клиента.',
        backLabel: 'Назад към клиентите',
      },
      delete: {
        question: 'Сигурни ли сте, че искате да изтриете този клиент?',
        deleted: 'Клиентът е изтрит',
        failed: 'Неуспешно изтриване на клиента.',
        logAs: '[admin] deleting a client failed',
      },
    });
  });

  it('agrees with a feminine noun', () => {
    const words = recordWords({
      one: 'публикация',
      theOne: 'публикацията',
      theOneSubject: 'Публикацията',
      many: 'публикации',
      theMany: 'публикациите',
      gender: 'feminine',
      title: 'Публикации',
      searchHint: 'Заглавие, адрес, описание или автор',
      empty: 'Няма публикации',
      logDelete: '[admin] deleting a post failed',
    });
    expect(words.delete.question).toBe('Сигурни ли сте, че искате да изтриете тази публикация?');
    expect(words.delete.deleted).toBe('Публикацията е изтрита');
    expect(words.record.backLabel).toBe('Назад към публикациите');
    expect(words.list.pages).toBe('Страници на публикациите');
    expect(words.heading.searchName).toBe('Търсене в публикациите');
  });
});
