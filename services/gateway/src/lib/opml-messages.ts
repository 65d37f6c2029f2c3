import { OPML_MAX_FEEDS, OPML_PATH_SEPARATOR, type OpmlLine } from '@app/contracts';

type Text = { en: string; zh: string };
type Topic = NonNullable<OpmlLine['topic']>;

/** What the report says about one line, in English and Chinese (the web dialog shows the reader's). */
export type LineFacts = Pick<OpmlLine, 'status' | 'reason' | 'topic' | 'folders'> & {
  dryRun: boolean;
  /** duplicate_in_file: the line the same feed first appears on. */
  firstLine?: number;
};

const quoted = (topic: Topic) => ({ en: `“${topic.name}”`, zh: `“${topic.name_zh ?? topic.name}”` });
const pathOf = (folders: string[]) => folders.join(OPML_PATH_SEPARATOR);

function imported(topic: Topic, dryRun: boolean): Text {
  const name = quoted(topic);
  if (topic.is_new) {
    return dryRun
      ? { en: `Will be added to the new topic ${name.en}.`, zh: `将加入新建的主题${name.zh}。` }
      : { en: `Added to the new topic ${name.en}.`, zh: `已加入新建的主题${name.zh}。` };
  }
  return dryRun
    ? { en: `Will be added to the topic ${name.en}.`, zh: `将加入主题${name.zh}。` }
    : { en: `Added to the topic ${name.en}.`, zh: `已加入主题${name.zh}。` };
}

function noTopic(folders: string[]): Text {
  if (folders.length === 0) {
    return {
      en: 'It is in no folder, and no topic was chosen for such feeds: skipped.',
      zh: '它不在任何文件夹中，且未为这类订阅源选择主题：已跳过。',
    };
  }
  const path = pathOf(folders);
  return {
    en: `No topic matches the folder “${path}”, and no topic was to be created or chosen for it: skipped.`,
    zh: `没有与文件夹“${path}”对应的主题，且未选择新建主题或指定主题：已跳过。`,
  };
}

/** The line's sentence in both languages. */
export function lineMessage(facts: LineFacts): Text {
  const { topic } = facts;
  if (facts.status === 'import' && topic) return imported(topic, facts.dryRun);
  if (facts.status === 'present' && topic) {
    const name = quoted(topic);
    return {
      en: `Already present in the topic ${name.en}: nothing to do.`,
      zh: `主题${name.zh}中已有此订阅源，无需导入。`,
    };
  }
  switch (facts.reason) {
    case 'missing_url':
      return { en: 'The outline has no feed URL (xmlUrl).', zh: '这一行没有订阅链接（xmlUrl）。' };
    case 'invalid_url':
      return {
        en: 'The feed URL is not an http(s) address.',
        zh: '订阅链接不是 http(s) 地址。',
      };
    case 'private_url':
      return {
        en: 'The feed URL points to a private, local or reserved address, which cannot be crawled.',
        zh: '订阅链接指向内网、本机或保留地址，无法抓取。',
      };
    case 'duplicate_in_file':
      return {
        en: `The same feed appears earlier in the file (line ${facts.firstLine}) for the same topic.`,
        zh: `同一订阅源已在文件前面（第 ${facts.firstLine} 行）出现过，且属于同一主题。`,
      };
    case 'topic_inactive': {
      const name = topic ? quoted(topic) : { en: '', zh: '' };
      return {
        en: `Its topic ${name.en} is inactive: activate it, or choose another topic.`,
        zh: `它所属的主题${name.zh}未启用：请启用该主题或选择其他主题。`,
      };
    }
    case 'too_many_feeds':
      return {
        en: `The file holds more than ${OPML_MAX_FEEDS} feeds, the most one import takes: split it and import each part. Nothing was imported.`,
        zh: `文件中的订阅源超过一次导入的上限（${OPML_MAX_FEEDS} 个）：请拆分后分别导入。未导入任何内容。`,
      };
    default:
      return noTopic(facts.folders);
  }
}
