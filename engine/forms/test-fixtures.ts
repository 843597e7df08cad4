import type { FileLike, FormFile } from './types.ts';

/** A contact-style single-step form touching every rule. */
export const contactForm: FormFile = {
  name: 'contact',
  googleReCaptcha: true,
  emailNotifications: [{ to: 'admin', subject: 'New message' }],
  fields: [
    { name: 'firstName', type: 'text', label: 'First name', required: true, minLength: 2, maxLength: 50 },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'phone', type: 'tel', onlyNumbers: true, maxLength: 10 },
    { name: 'budget', type: 'number' },
    {
      name: 'topic',
      type: 'select',
      required: true,
      options: [
        { value: 'design', label: 'Design' },
        { value: 'order', label: 'Order' },
        { value: 'other', label: 'Other' },
      ],
    },
    {
      name: 'otherTopic',
      type: 'text',
      label: 'Other topic',
      required: true,
      hideWhen: { field: 'topic', equals: ['design', 'order'] },
    },
    {
      name: 'contactBy',
      type: 'radio',
      options: [
        { value: 'email', label: 'E-mail' },
        { value: 'phone', label: 'Phone' },
      ],
    },
    {
      name: 'rooms',
      type: 'checkbox-group',
      required: true,
      options: [
        { value: 'kitchen', label: 'Kitchen' },
        { value: 'bath', label: 'Bathroom' },
      ],
    },
    {
      name: 'styles',
      type: 'select',
      multiSelect: true,
      required: true,
      options: [
        { value: 'shaker', label: 'Shaker' },
        { value: 'slab', label: 'Slab' },
      ],
    },
    { name: 'photos', type: 'file', required: true, maxFiles: 2, maxFileSize: 5, fileTypes: ['image/*', '.pdf'] },
    { name: 'plan', type: 'file', fileTypes: ['pdf'] },
    { name: 'terms', type: 'checkbox', required: true },
    { name: 'newsletter', type: 'newsletter' },
    { name: 'message', type: 'textarea', maxLength: 500 },
  ],
};

export const file = (name: string, size: number, type: string): FileLike => ({ name, size, type });

/** Values that pass every rule of contactForm. */
export const validContact = {
  firstName: 'Ada',
  email: 'ada@example.com',
  phone: '5551234567',
  budget: '12000',
  topic: 'design',
  contactBy: 'email',
  rooms: ['kitchen'],
  styles: ['shaker', 'slab'],
  photos: [file('kitchen.jpg', 1024, 'image/jpeg')],
  terms: true,
  message: 'Hello',
  recaptchaToken: 'token-1',
};

/** A multi-step form in the shape of free-kitchen-design. */
export const designForm: FormFile = {
  name: 'free-kitchen-design',
  googleReCaptcha: true,
  emailNotifications: [{ to: 'admin', subject: 'New design request' }],
  actions: { submit: '/thank-you' },
  metadata: { source: 'design' },
  steps: [
    {
      title: 'Project',
      fields: [
        {
          name: 'projectType',
          type: 'radio',
          layout: 'card',
          required: true,
          options: [
            { value: 'remodel', label: 'Remodel' },
            { value: 'new', label: 'New build' },
          ],
        },
        {
          name: 'details',
          type: 'group',
          hideWhen: { field: 'projectType', equals: 'new' },
          fields: [{ name: 'currentStyle', type: 'text', label: 'Current style', required: true }],
        },
      ],
    },
    {
      title: 'Room',
      fields: [
        { name: 'width', type: 'number', required: true },
        {
          name: 'drawings',
          type: 'file',
          layout: 'drag-&-drop',
          maxFiles: 3,
          fileTypes: ['image/*', 'application/pdf'],
        },
      ],
    },
    {
      title: 'Contact',
      fields: [
        { name: 'fullName', type: 'text', required: true },
        { name: 'email', type: 'email', required: true },
      ],
    },
  ],
};
