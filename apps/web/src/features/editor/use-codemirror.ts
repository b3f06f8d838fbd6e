import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import {
  applyTransform,
  baseExtensions,
  colorExtensions,
  diffChange,
  externalChange,
  labelExtensions,
  languageExtensions,
  phraseExtensions,
} from './codemirror-setup';
import type { MarkdownTransform } from './transforms';

/** What the hook's editor shows and reports; any of it may change while mounted. */
export interface CodeMirrorOptions {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  label: string;
  describedBy: string;
  placeholder: string;
  markdown: boolean;
  dark: boolean;
  autoFocus: boolean;
  phrases: Record<string, string>;
}

function createCompartments() {
  return {
    language: new Compartment(),
    colors: new Compartment(),
    label: new Compartment(),
    phrases: new Compartment(),
  };
}

/**
 * A CodeMirror view created once per mount inside `hostRef`. Prop changes reconfigure it
 * through compartments; a new `value` is applied as one transaction, only when it differs
 * from the text the editor holds.
 */
export function useCodeMirror(options: CodeMirrorOptions) {
  const { value, label, describedBy, placeholder, markdown, dark, autoFocus, phrases } = options;
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  // The text the view holds as far as React knows: what it last reported or was given.
  const heldValue = useRef(value);
  const [compartments] = useState(createCompartments);

  const reportChange = useEffectEvent((text: string) => {
    heldValue.current = text;
    options.onChange(text);
  });
  const submit = useEffectEvent(() => {
    if (!options.onSubmit) return false;
    options.onSubmit();
    return true;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: heldValue.current,
        extensions: [
          baseExtensions({ onDocChange: (text) => reportChange(text), onSubmit: () => submit() }),
          compartments.language.of([]),
          compartments.colors.of([]),
          compartments.label.of([]),
          compartments.phrases.of([]),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      viewRef.current = null;
      view.destroy();
    };
  }, [compartments]);

  const reconfigure = useCallback(
    (compartment: Compartment, extension: Parameters<Compartment['reconfigure']>[0]) => {
      viewRef.current?.dispatch({ effects: compartment.reconfigure(extension) });
    },
    [],
  );

  useEffect(() => {
    reconfigure(compartments.language, languageExtensions(markdown));
  }, [reconfigure, compartments, markdown]);
  useEffect(() => {
    reconfigure(compartments.colors, colorExtensions(dark));
  }, [reconfigure, compartments, dark]);
  useEffect(() => {
    reconfigure(compartments.label, labelExtensions(label, describedBy, placeholder));
  }, [reconfigure, compartments, label, describedBy, placeholder]);
  useEffect(() => {
    reconfigure(compartments.phrases, phraseExtensions(phrases));
  }, [reconfigure, compartments, phrases]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || value === heldValue.current) return;
    heldValue.current = value;
    const current = view.state.doc.toString();
    if (current === value) return;
    view.dispatch({ changes: diffChange(current, value), annotations: externalChange.of(true) });
  }, [value]);

  useEffect(() => {
    if (autoFocus) viewRef.current?.focus();
  }, [autoFocus]);

  /** Runs a toolbar transform on the current selection and puts focus back in the text. */
  const apply = useCallback((transform: MarkdownTransform) => {
    const view = viewRef.current;
    if (view) applyTransform(view, transform);
  }, []);

  const focus = useCallback(() => viewRef.current?.focus(), []);

  return { hostRef, apply, focus };
}
