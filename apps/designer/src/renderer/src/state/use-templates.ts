import type { TemplateType } from '@mapx/api';
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';
import type { Loadable } from './loadable.js';
import type { Feedback } from './use-feedback.js';

/** The template picker's list for one type, and fetching one generated template. */
export function useTemplates(api: ApiClient, online: boolean, feedback: Feedback) {
  const [type, setType] = useState<TemplateType>('profile');
  const [templates, setTemplates] = useState<Loadable<readonly string[]>>({ state: 'loading' });

  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    setTemplates({ state: 'loading' });
    void api.listTemplates(type).then((list) => {
      if (cancelled) return;
      setTemplates(
        list.ok
          ? { state: 'ready', value: [...list.data].sort() }
          : { state: 'failed', message: list.message },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [api, online, type]);

  const fetchTemplate = useCallback(
    async (id: string): Promise<string | undefined> => {
      const text = await api.getTemplate(id);
      if (text.ok) return text.data;
      feedback.notify('error', `Cannot generate the ${id} template. ${text.message}`);
      return undefined;
    },
    [api, feedback],
  );

  return { type, setType, templates, fetchTemplate };
}
