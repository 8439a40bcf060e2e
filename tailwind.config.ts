import type { Config } from 'tailwindcss';

/*
 * Brand palette of the (invented) agency. Contrast against white, checked with the WCAG formula:
 *   brand-500 5.2:1, brand-600 7.1:1, brand-700 9.2:1  → text and filled buttons use 600/700 (AA/AAA)
 *   accent-700 5.5:1 on white; accent-400 9.6:1 on slate-900 (for dark sections)
 *   danger (red-700) 6.5:1 on white
 * brand-300/400 and accent-400/500 are for decoration and dark backgrounds only, never for text on white.
 *
 * Motion: every animation below is defined here so that src/index.css can switch them off under
 * `prefers-reduced-motion: reduce`; components may also use Tailwind's motion-safe:/motion-reduce:.
 */
const config: Config = {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    container: {
      center: true,
      padding: '1rem',
      screens: { '2xl': '1280px' },
    },
    extend: {
      colors: {
        brand: {
          50: '#f0f5ff',
          100: '#e0eaff',
          200: '#c2d4ff',
          300: '#94b3fb',
          400: '#5f86f2',
          500: '#3d63e0',
          600: '#2f4cc4',
          700: '#283ea0',
          800: '#243581',
          900: '#1f2d66',
          950: '#141c40',
        },
        accent: {
          100: '#ccfbf1',
          400: '#2dd4bf',
          500: '#14b8a6',
          600: '#0d9488',
          700: '#0f766e',
        },
        danger: {
          50: '#fef2f2',
          600: '#dc2626',
          700: '#b91c1c',
        },
      },
      fontFamily: {
        sans: [
          'Inter',
          'system-ui',
          '-apple-system',
          'Segoe UI',
          'Roboto',
          'Helvetica Neue',
          'Arial',
          'sans-serif',
        ],
      },
      keyframes: {
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
        'fade-out': { from: { opacity: '1' }, to: { opacity: '0' } },
        'dialog-in': {
          from: { opacity: '0', transform: 'translate(-50%, -48%) scale(0.97)' },
          to: { opacity: '1', transform: 'translate(-50%, -50%) scale(1)' },
        },
        'dialog-out': {
          from: { opacity: '1', transform: 'translate(-50%, -50%) scale(1)' },
          to: { opacity: '0', transform: 'translate(-50%, -48%) scale(0.97)' },
        },
        'slide-in-right': { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
        'slide-out-right': { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(100%)' } },
        'slide-in-left': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        'slide-out-left': { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-100%)' } },
        'accordion-down': {
          from: { height: '0' },
          to: { height: 'var(--radix-accordion-content-height)' },
        },
        'accordion-up': {
          from: { height: 'var(--radix-accordion-content-height)' },
          to: { height: '0' },
        },
        'toast-in': { from: { transform: 'translateY(100%)', opacity: '0' }, to: { transform: 'translateY(0)', opacity: '1' } },
        'toast-swipe-out': {
          from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
          to: { transform: 'translateX(-100%)' },
        },
        spin: { to: { transform: 'rotate(360deg)' } },
      },
      animation: {
        'fade-in': 'fade-in 150ms ease-out',
        'fade-out': 'fade-out 150ms ease-in',
        'dialog-in': 'dialog-in 180ms ease-out',
        'dialog-out': 'dialog-out 140ms ease-in',
        'slide-in-right': 'slide-in-right 220ms ease-out',
        'slide-out-right': 'slide-out-right 180ms ease-in',
        'slide-in-left': 'slide-in-left 220ms ease-out',
        'slide-out-left': 'slide-out-left 180ms ease-in',
        'accordion-down': 'accordion-down 200ms ease-out',
        'accordion-up': 'accordion-up 200ms ease-out',
        'toast-in': 'toast-in 200ms ease-out',
        'toast-out': 'fade-out 150ms ease-in',
        'toast-swipe-out': 'toast-swipe-out 120ms ease-out',
      },
    },
  },
  plugins: [],
};

export default config;
