import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredText } from '../../shared/schemas/fields.ts';
import { ApiError } from '../lib/api.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { useToasts } from '../lib/toast.ts';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { FormDialog } from './form-dialog.tsx';

const schema = z.object({ name: requiredText('Name is required', 50) });
type Saved = { id: string };

/** The toasts as text; a modal hides them from the accessibility tree, hence `hidden` below. */
function ToastTitles() {
  return (
    <ul aria-label="Toasts">
      {useToasts().map((t) => (
        <li key={t.id}>{[t.title, t.description].filter(Boolean).join(': ')}</li>
      ))}
    </ul>
  );
}

/** The dialog with one field; `request` decides how the write ends. */
function show(request: (values: { name: string }) => Promise<Saved>) {
  const events: string[] = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastTitles />
      <FormDialog
        title="New Thing"
        schema={schema}
        defaultValues={{ name: '' }}
        request={request}
        success={(saved) => `Thing ${saved.id} Created`}
        failure="Failed to save thing. Please try again."
        onSaved={(saved) => events.push(`saved ${saved.id}`)}
        submitLabel="Save Thing"
        onClose={() => events.push('closed')}
      >
        {({ register, formState: { errors } }) => (
          <FormField label="Name" required error={errors.name?.message}>
            <Input {...register('name')} />
          </FormField>
        )}
      </FormDialog>
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'New Thing' });
  return { dialog, events, toasts: screen.getByRole('list', { name: 'Toasts', hidden: true }) };
}

const pressEscape = () =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

afterEach(cleanup);

describe('FormDialog', () => {
  it('shows the schema message under its field and sends nothing', async () => {
    const sent: unknown[] = [];
    const { dialog, events } = show(async (values) => {
      sent.push(values);
      return { id: '1' };
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Thing' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(sent).toEqual([]);
    expect(events).toEqual([]);
  });

  it('sends the parsed values, holds the dialog while saving, then confirms and closes', async () => {
    let finish: (saved: Saved) => void = () => {};
    const sent: unknown[] = [];
    const { dialog, events, toasts } = show((values) => {
      sent.push(values);
      return new Promise<Saved>((resolve) => (finish = resolve));
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Ada  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Thing' }));

    const pending = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(pending).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    pressEscape();
    expect(events).toEqual([]);
    expect(sent).toEqual([{ name: 'Ada' }]);

    finish({ id: '7' });
    await waitFor(() => expect(events).toEqual(['saved 7', 'closed']));
    expect(within(toasts).getByText('Thing 7 Created')).toBeTruthy();
  });

  it("keeps the dialog open on a refused write and shows the server's reason", async () => {
    const { dialog, events, toasts } = show(async () => {
      throw new ApiError(409, 'Conflict', 'That name is taken');
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Ada' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Thing' }));
    expect(await within(toasts).findByText('Error: That name is taken')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Thing' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(events).toEqual([]);
  });

  it('closes on Cancel and on Escape', () => {
    const request = async () => ({ id: '1' });
    const first = show(request);
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    expect(first.events).toEqual(['closed']);
    cleanup();
    const second = show(request);
    pressEscape();
    expect(second.events).toEqual(['closed']);
  });
});
