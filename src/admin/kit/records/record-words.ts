import type { RecordWords } from './record-type';

/*
 * The words of a record type's list, edit view and delete, made from its nouns: every record type
 * says them the same way ('Зареждане на клиенти...', 'Назад към клиентите', 'Клиентът е изтрит'),
 * so each declares its nouns once and the sentences follow.
 */

export interface RecordNouns {
  /** 'клиент' */
  one: string;
  /** The one as an object, with its article: 'клиента', 'публикацията'. */
  theOne: string;
  /** The one as a subject, with its article: 'Клиентът', 'Публикацията'. */
  theOneSubject: string;
  /** 'клиенти' */
  many: string;
  /** 'клиентите' */
  theMany: string;
  /** Its gender decides 'този'/'тази' and 'изтрит'/'изтрита'. */
  gender: 'masculine' | 'feminine';
  /** The list's heading: 'Клиенти', 'Управление на потребители'. */
  title: string;
  /** Where the list's search looks, shown in its field: 'Име на клиента'. */
  searchHint: string;
  /** The empty list's sentence, in the record type's own words: 'Все още няма добавени клиенти.' */
  empty: string;
  /** The console's note of a failed delete: '[admin] deleting a client failed'. */
  logDelete: string;
}

export function recordWords(nouns: RecordNouns): RecordWords {
  const { one, theOne, theOneSubject, many, theMany } = nouns;
  const feminine = nouns.gender === 'feminine';
  return {
    heading: { title: nouns.title, searchName: `Търсене в ${theMany}`, searchHint: nouns.searchHint },
    list: {
      loading: `Зареждане на ${many}...`,
      loadFailed: `Неуспешно зареждане на ${many}.`,
      empty: nouns.empty,
      noMatch: `Няма ${many}, които отговарят на търсенето.`,
      total: `Общо ${many}`,
      found: `Намерени ${many}`,
      pages: `Страници на ${theMany}`,
      clear: 'Изчисти търсенето',
    },
    record: {
      title: `Редактиране на ${one}`,
      loading: `Зареждане на ${theOne}...`,
      loadFailed: `Неуспешно зареждане на ${theOne}.`,
      backLabel: `Назад към ${theMany}`,
    },
    delete: {
      question: `Сигурни ли сте, че искате да изтриете ${feminine ? 'тази' : 'този'} ${one}?`,
      deleted: `${theOneSubject} е ${feminine ? 'изтрита' : 'изтрит'}`,
      failed: `Неуспешно изтриване на ${theOne}.`,
      logAs: nouns.logDelete,
    },
  };
}
