import { Dialog } from 'radix-ui';
import type { ReactNode, Ref } from 'react';
import { useReturnFocus } from './use-return-focus';

const SIZES = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-2xl' } as const;

/** The close button's focus ring (the customer site's is amber-500, the back office's amber-600). */
const FOCUS_RINGS = {
  'amber-500': 'focus-visible:outline-amber-500',
  'amber-600': 'focus-visible:outline-amber-600',
} as const;

/**
 * The frame of a modal dialog (Radix: focus trap, Esc and overlay close, body scroll lock):
 * overlay, centred white panel, title, description and a close button labelled `closeLabel`
 * (the app's own, translated, text). Used by the back office and the customer site.
 *
 * - `description`: shown under the title; `false` = none (no aria-describedby). When it is
 *   missing the dialog has none either, unless `titleAsDescription`: then the title doubles
 *   as the (hidden) description.
 * - `eyebrow`: a line above the title (e.g. "Step 1 of 3").
 * - `titleRef`: the title becomes focusable from code (tabIndex -1, no outline), e.g. to
 *   move the focus to it when the content changes; it also has the focus when the dialog
 *   opens (not the close button, which Enter would press).
 * - `returnFocus`: on close, the focus goes back to what had it when the dialog opened
 *   (useReturnFocus), for dialogs opened from code rather than by a Dialog.Trigger; without
 *   it Radix's own focus return applies.
 * - `keepOpenOnEscape(event)`: true = this Esc is not for the dialog (e.g. it closes a list
 *   open inside it).
 * - `locked`: nothing closes the dialog (no close button; Esc and outside clicks ignored).
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  titleAsDescription = false,
  eyebrow,
  titleRef,
  closeLabel,
  testId,
  size = 'md',
  focusRing = 'amber-600',
  returnFocus = false,
  keepOpenOnEscape,
  locked = false,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode | false;
  titleAsDescription?: boolean;
  eyebrow?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
  closeLabel: string;
  testId?: string;
  size?: keyof typeof SIZES;
  focusRing?: keyof typeof FOCUS_RINGS;
  returnFocus?: boolean;
  keepOpenOnEscape?(event: KeyboardEvent): boolean;
  locked?: boolean;
  children: ReactNode;
}) {
  const focusBack = useReturnFocus(open);
  const hiddenDescription = titleAsDescription && description !== false && !description;
  const noDescription = titleAsDescription
    ? description === false
    : description === false || description === undefined;
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !locked && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus ? focusBack : undefined}
          onOpenAutoFocus={(e) => {
            const focusTitle = (e.target as HTMLElement).querySelector<HTMLElement>('[data-focus-title]');
            if (!focusTitle) return;
            e.preventDefault();
            focusTitle.focus();
          }}
          data-testid={testId}
          {...(noDescription ? { 'aria-describedby': undefined } : {})}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${SIZES[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-slate-900 shadow-2xl`}
          onEscapeKeyDown={(e) => {
            if (locked || keepOpenOnEscape?.(e)) e.preventDefault();
          }}
          onInteractOutside={(e) => {
            if (locked) e.preventDefault();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="min-w-0">
              {eyebrow && (
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-700">{eyebrow}</p>
              )}
              <Dialog.Title
                ref={titleRef}
                tabIndex={titleRef ? -1 : undefined}
                data-focus-title={titleRef ? '' : undefined}
                className={titleRef ? 'text-xl font-bold outline-none' : 'text-xl font-bold'}
              >
                {title}
              </Dialog.Title>
              {hiddenDescription ? (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              ) : description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
              ) : null}
            </div>
            {!locked && (
              <Dialog.Close
                className={`-m-2 shrink-0 rounded-full p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 ${FOCUS_RINGS[focusRing]}`}
                aria-label={closeLabel}
              >
                <svg
                  width="20"
                  height="20"
                  viewBox="0 0 20 20"
                  aria-hidden
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M5 5l10 10M15 5L5 15" />
                </svg>
              </Dialog.Close>
            )}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
