#!/usr/bin/env node
import { buildApp } from '../lib/app';

buildApp();
