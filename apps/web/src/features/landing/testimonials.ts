/** Spec §3 "Testimonial"; avatars are served by the app itself (public/avatars), no external host. */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company: string;
  avatar: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'Inkprint gives me a probability and a reason, not just a red flag. I can talk to a student about evidence instead of a hunch.',
    name: 'Amelia Marsh',
    role: 'Senior Lecturer',
    company: 'Northbridge University',
    avatar: '/avatars/avatar-1.svg',
  },
  {
    quote:
      'We screen every freelance draft before it reaches an editor. The chunk breakdown shows exactly which paragraphs need a second look.',
    name: 'Jonah Okafor',
    role: 'Managing Editor',
    company: 'Copperline Media',
    avatar: '/avatars/avatar-2.svg',
  },
  {
    quote:
      'The humaniser keeps our brand voice. Formal for reports, casual for the newsletter, and it never invents facts.',
    name: 'Priya Shah',
    role: 'Content Lead',
    company: 'Brightfold',
    avatar: '/avatars/avatar-3.svg',
  },
  {
    quote: 'Results in about three seconds, even on long essays. Shareable reports saved us hours of back-and-forth.',
    name: 'Daniel Kim',
    role: 'Writing Centre Coordinator',
    company: 'Westvale College',
    avatar: '/avatars/avatar-4.svg',
  },
  {
    quote: 'What sold us was the honesty: when the text is too short to judge, Inkprint says so instead of guessing.',
    name: 'Laura Rossi',
    role: 'Head of Trust & Safety',
    company: 'Quillstack',
    avatar: '/avatars/avatar-5.svg',
  },
  {
    quote:
      'Our team shares one workspace, sees the same reports and keeps an audit trail. Security review took one afternoon.',
    name: 'Tomás Navarro',
    role: 'IT Director',
    company: 'Helix Learning',
    avatar: '/avatars/avatar-6.svg',
  },
  {
    quote:
      'I run every chapter through the detector before sending it to my publisher. It is the peace of mind I did not know I needed.',
    name: 'Esther Bloom',
    role: 'Author',
    company: 'Independent',
    avatar: '/avatars/avatar-7.svg',
  },
];
