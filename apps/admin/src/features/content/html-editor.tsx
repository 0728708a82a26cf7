import { Input, Segmented } from 'antd';
import { useState } from 'react';

/**
 * What the preview draws: the typed HTML without scripts, event handlers and javascript: links. The sandbox would
 * refuse to run them anyway, but it logs each refusal; the server's cleaning is still what decides what is stored.
 * Text, not a DOM: parsing it into a document would itself trip the page's content security policy.
 */
export function previewHtml(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?(<\/script\s*>|$)/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(
      /\s(href|src|action|formaction)\s*=\s*("\s*javascript:[^"]*"|'\s*javascript:[^']*'|javascript:[^\s>]*)/gi,
      '',
    );
}

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
}

/**
 * Operator HTML (promotion content and memo, help articles): typed as HTML with a preview. The server cleans it
 * before storing, so the preview is drawn in a sandboxed frame that runs no script of what was typed.
 */
export function HtmlEditor({ id, value = '', onChange, label }: Props) {
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  return (
    <div>
      <Segmented
        size="small"
        aria-label={`${label}编辑方式`}
        value={mode}
        onChange={(next) => setMode(next as 'edit' | 'preview')}
        options={[
          { value: 'edit', label: '编辑HTML' },
          { value: 'preview', label: '预览' },
        ]}
        style={{ marginBottom: 8 }}
      />
      {mode === 'edit' ? (
        <Input.TextArea
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          autoSize={{ minRows: 6, maxRows: 16 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
        />
      ) : (
        <iframe
          title={`${label}预览`}
          sandbox=""
          srcDoc={`<meta charset="utf-8"><body style="font:14px/1.6 sans-serif;margin:8px">${previewHtml(value)}</body>`}
          style={{ width: '100%', height: 280, border: '1px solid #d9d9d9', borderRadius: 6 }}
        />
      )}
    </div>
  );
}
