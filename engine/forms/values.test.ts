import { describe, expect, it } from 'vitest';
import { compileForm } from './compile.ts';
import type { FormFile } from './types.ts';
import { validateValues } from './validate.ts';
import { cleanValues, defaultValues, hiddenFields, resolveValues } from './values.ts';

const form: FormFile = {
  name: 'quote',
  fields: [
    {
      name: 'kind',
      type: 'select',
      options: [
        { value: 'kitchen', label: 'Kitchen' },
        { value: 'bath', label: 'Bath' },
        { value: 'other', label: 'Other' },
      ],
    },
    { name: 'islandSize', type: 'text', required: true, hideWhen: { field: 'kind', equals: 'bath' } },
    { name: 'otherKind', type: 'text', required: true, hideWhen: { field: 'kind', equals: ['kitchen', 'bath'] } },
    { name: 'hasPlan', type: 'checkbox' },
    { name: 'planNotes', type: 'textarea', required: true, hideWhen: { field: 'hasPlan', equals: false } },
    { name: 'planDetail', type: 'text', required: true, hideWhen: { field: 'planNotes', equals: '' } },
    {
      name: 'install',
      type: 'group',
      hideWhen: { field: 'kind', equals: 'other' },
      fields: [{ name: 'floor', type: 'number', required: true }],
    },
    { name: 'country', type: 'select', dynamicOptions: 'countries' },
    { name: 'state', type: 'select', dynamicOptions: 'states', dependsOn: 'country', required: true },
    { name: 'city', type: 'select', dynamicOptions: 'cities', dependsOn: 'state', required: true },
  ],
};
const c = compileForm(form);

describe('hideWhen', () => {
  it('hides on a single value: not required, value cleared', () => {
    const values = { kind: 'bath', islandSize: '4ft', floor: '1' };
    expect(hiddenFields(c, values).has('islandSize')).toBe(true);
    const result = validateValues(c, values);
    expect(result.errors).not.toHaveProperty('islandSize');
    expect(result.values).not.toHaveProperty('islandSize');
    expect(validateValues(c, { kind: 'kitchen', floor: '1' }).errors).toEqual({ islandSize: 'This field is required' });
  });

  it('hides on any value of a list', () => {
    for (const kind of ['kitchen', 'bath']) expect(hiddenFields(c, { kind }).has('otherKind')).toBe(true);
    expect(hiddenFields(c, { kind: 'other' }).has('otherKind')).toBe(false);
    expect(validateValues(c, { kind: 'other', islandSize: '1' }).errors).toEqual({
      otherKind: 'This field is required',
    });
  });

  it('compares checkboxes as booleans, whatever form their value takes', () => {
    expect(hiddenFields(c, { kind: 'bath', hasPlan: false }).has('planNotes')).toBe(true);
    expect(hiddenFields(c, { kind: 'bath', hasPlan: 'on' }).has('planNotes')).toBe(false);
    expect(hiddenFields(c, { kind: 'bath' }).has('planNotes')).toBe(true);
  });

  it('follows chains: a field hidden by a hidden field', () => {
    // planNotes is hidden (and so empty), which hides planDetail even though a stale value remains.
    const resolved = resolveValues(c, {
      kind: 'bath',
      floor: '1',
      hasPlan: false,
      planNotes: 'stale',
      planDetail: 'stale too',
    });
    expect([...resolved.hidden].sort()).toEqual(['islandSize', 'otherKind', 'planDetail', 'planNotes']);
    expect(resolved.values).toEqual({ kind: 'bath', floor: '1', hasPlan: false });
  });

  it("hides a group's children with the group", () => {
    const result = validateValues(c, { kind: 'other', otherKind: 'Laundry', islandSize: '1', floor: 'x' });
    expect(result.ok).toBe(true);
    expect(result.values).not.toHaveProperty('floor');
    expect(validateValues(c, { kind: 'kitchen', islandSize: '1', floor: 'x' }).errors).toEqual({
      floor: 'Must be a number',
    });
  });
});

describe('dependsOn', () => {
  const base = { kind: 'bath', floor: '1' };

  it('a field whose parent is empty is not required and loses its value', () => {
    const result = validateValues(c, { ...base, city: 'Austin' });
    expect(result.ok).toBe(true);
    expect(result.values).not.toHaveProperty('city');
  });

  it('is required once its parent has a value, down the chain', () => {
    expect(validateValues(c, { ...base, country: 'US' }).errors).toEqual({ state: 'This field is required' });
    expect(validateValues(c, { ...base, country: 'US', state: 'TX' }).errors).toEqual({
      city: 'This field is required',
    });
    expect(validateValues(c, { ...base, country: 'US', state: 'TX', city: 'Austin' }).ok).toBe(true);
  });
});

describe('cleanValues and defaultValues', () => {
  it('drops unknown fields and coerces shapes', () => {
    expect(cleanValues(c, { kind: 'bath', floor: 3, hasPlan: 'true', evil: '<script>', planNotes: { x: 1 } })).toEqual({
      kind: 'bath',
      floor: '3',
      hasPlan: true,
    });
  });

  it('reads what browsers and react-hook-form give: FileList-like iterables, NaN numbers, checkbox values', () => {
    const f = compileForm({
      name: 'f',
      fields: [
        { name: 'photos', type: 'file', required: true },
        { name: 'qty', type: 'number', required: true },
        { name: 'agree', type: 'checkbox', required: true },
        { name: 'email', type: 'email' },
      ],
    });
    const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    const fileList = {
      0: photo,
      length: 1,
      *[Symbol.iterator]() {
        yield photo;
      },
    };
    expect(cleanValues(f, { photos: fileList, qty: 2, agree: 'subscribe', email: ' ada@example.com ' })).toEqual({
      photos: [photo],
      qty: '2',
      agree: true,
      email: 'ada@example.com',
    });
    expect(validateValues(f, { photos: fileList, qty: Number.NaN, agree: 'off' }).errors).toEqual({
      qty: 'This field is required',
      agree: 'This field is required',
    });
  });

  it('starts each field from value, defaultValue or an empty value of its shape', () => {
    const d = compileForm({
      name: 'd',
      fields: [
        { name: 'source', type: 'hidden', value: 'footer' },
        { name: 'qty', type: 'number', defaultValue: '1' },
        { name: 'agree', type: 'checkbox' },
        { name: 'subscribe', type: 'newsletter', value: 'yes', defaultValue: true },
        { name: 'rooms', type: 'checkbox-group', options: [{ value: 'a', label: 'A' }] },
        { name: 'files', type: 'file' },
        { name: 'note', type: 'text' },
      ],
    });
    expect(defaultValues(d)).toEqual({
      source: 'footer',
      qty: '1',
      agree: false,
      subscribe: true,
      rooms: [],
      files: [],
      note: '',
    });
  });
});
